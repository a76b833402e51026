package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM has no parent (so that it manages nothing but our modules): its version is written out,
 * and this keeps it and its list of modules in step with the build.
 */
class BomTest {
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>([^<]+)</artifactId>");

    @Test
    void bomHasTheBuildsVersionAndManagesEveryPublishedModuleAtIt() throws IOException {
        String bom = Files.readString(Path.of("../sandbox-bom/pom.xml"));
        String project = bom.substring(0, bom.indexOf("<dependencyManagement>"));
        String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));

        assertThat(project).contains("<version>" + builtVersion() + "</version>");
        assertThat(artifacts(managed))
                .containsExactlyInAnyOrder("fixtures", "sandbox-core", "sandbox-junit5", "sandbox-spring",
                        "sandbox-standalone", "sandbox-testcontainers");
        assertThat(managed).doesNotContain("<version>0").contains("<version>${project.version}</version>");
        // and nothing of anyone else's: no JUnit, Jackson, Javalin or Spring versions forced on users
        assertThat(List.of(managed.split("<groupId>")).subList(1, artifacts(managed).size() + 1)).allSatisfy(
                group -> assertThat(group).startsWith("io.bankssandbox</groupId>"));
    }

    @Test
    void everyModuleOfTheBuildThatUsersDependOnIsInTheBom() throws IOException {
        String parent = Files.readString(Path.of("../pom.xml"));
        String modules = parent.substring(parent.indexOf("<modules>"), parent.indexOf("</modules>"));
        String bom = Files.readString(Path.of("../sandbox-bom/pom.xml"));

        for (String module : modules.split("<module>")) {
            String name = module.contains("</module>") ? module.substring(0, module.indexOf("</module>")) : "";
            // sandbox-js builds the npm package: users get it from npm, never as a Maven dependency
            if (!name.isEmpty() && !name.equals("sandbox-bom") && !name.equals("sandbox-js")) {
                assertThat(bom).as(name).contains("<artifactId>" + name + "</artifactId>");
            }
        }
    }

    /** The version the core was built as, which the build writes into the jar's io/bankssandbox/build.properties. */
    private static String builtVersion() throws IOException {
        try (InputStream in = io.bankssandbox.Sandbox.class.getResourceAsStream("/io/bankssandbox/build.properties")) {
            assertThat(in).as("io/bankssandbox/build.properties in sandbox-core").isNotNull();
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        }
    }

    private static List<String> artifacts(String xml) {
        Matcher m = ARTIFACT.matcher(xml);
        List<String> names = new java.util.ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
