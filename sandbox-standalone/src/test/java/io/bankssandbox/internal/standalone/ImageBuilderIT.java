package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The image's builder (src/image/java) is the build's own program in a source set of its own:
 * compiled into {@code target/image-classes} by a compilation that is not the tests' (so
 * {@code -Dmaven.test.skip=true package} still makes the runtime and the image, which sandbox-js's
 * package step needs), and neither it nor Jib is in the jar users run. Checked after {@code package}.
 */
class ImageBuilderIT {
    private static final Path TARGET = Path.of("target");

    @Test
    void theBuilderIsCompiledApartFromTheTests() {
        assertThat(TARGET.resolve("image-classes/io/bankssandbox/internal/standalone/image/ImageBuild.class")).isRegularFile();
        assertThat(TARGET.resolve("test-classes/io/bankssandbox/internal/standalone/image/ImageBuild.class")).doesNotExist();
    }

    @Test
    void neitherTheBuilderNorJibIsInTheJar() throws IOException {
        try (JarFile jar = new JarFile(TARGET.resolve("banks-sandbox.jar").toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            assertThat(names).contains("io/bankssandbox/internal/standalone/Main.class")
                    .noneMatch(name -> name.startsWith("io/bankssandbox/internal/standalone/image/"))
                    .noneMatch(name -> name.startsWith("com/google/cloud/tools/jib/"));
        }
    }

    @Test
    void theBuilderRanAtPackage() {
        boolean linuxX64 = System.getProperty("os.name").toLowerCase().contains("linux")
                && List.of("amd64", "x86_64").contains(System.getProperty("os.arch"));
        if (linuxX64) { // elsewhere it says in one line that it skipped the runtime and the image
            assertThat(TARGET.resolve("runtime/bin/java")).isRegularFile();
            assertThat(Files.exists(TARGET.resolve("runtime.json"))).isTrue();
        }
    }
}
