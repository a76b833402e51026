package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.apicheck.ApiDump;
import io.bankssandbox.internal.apicheck.ApiDumpFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public API stays small, counted over the checked-in dumps of the four library modules
 * (each kept true by its module's PublicApiTest; the dumps are files, read whichever module builds first): at most
 * {@value #MAX_TYPES} public top-level types (a nested type counts with its owner), in the four
 * modules' own packages and at most {@value #MAX_EXTRA_PACKAGES} more.
 */
class ApiSizeTest {
    static final int MAX_TYPES = 50;
    static final int MAX_EXTRA_PACKAGES = 1;
    static final List<String> MODULES = List.of("sandbox-core", "sandbox-junit5", "sandbox-spring", "sandbox-testcontainers");
    static final List<String> MODULE_PACKAGES = List.of("io.bankssandbox", "io.bankssandbox.junit5", "io.bankssandbox.spring",
            "io.bankssandbox.testcontainers");

    @Test
    void atMostFiftyPublicTopLevelTypes() throws IOException {
        List<String> types = topLevelTypes();
        assertThat(types)
                .as("public top-level types of the API: %d, at most %d (%s)", types.size(), MAX_TYPES, MODULES)
                .hasSizeLessThanOrEqualTo(MAX_TYPES);
    }

    @Test
    void atMostOneApiPackageBeyondTheModulesOwn() throws IOException {
        TreeSet<String> extra = new TreeSet<>();
        for (String type : topLevelTypes()) {
            extra.add(type.substring(0, type.lastIndexOf('.')));
        }
        extra.removeAll(MODULE_PACKAGES);
        assertThat(extra).as("API packages beside %s", MODULE_PACKAGES).hasSizeLessThanOrEqualTo(MAX_EXTRA_PACKAGES);
    }

    private static List<String> topLevelTypes() throws IOException {
        List<String> types = new ArrayList<>();
        for (String module : MODULES) {
            Path file = ApiDumpFile.ofSibling(module);
            assertThat(file).as("the API dump of %s", module).exists();
            types.addAll(ApiDump.topLevelTypes(Files.readString(file)));
        }
        return types;
    }
}
