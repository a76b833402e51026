package com.example.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's JUnit example is com.example.docs.FirstSandboxTest, word for word. (Every other Java
 * example of the README and docs/ is checked by com.example.docs.DocsExamplesTest.)
 */
class ReadmeExampleSyncTest {
    @Test
    void theReadmesJUnitExampleIsTheClassTheBuildRuns() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("```java\npackage com.example.docs;");
        assertThat(start).as("README.md has the JUnit example (a java block of package com.example.docs)")
                .isNotNegative();
        String example = readme.substring(start + "```java\n".length(), readme.indexOf("```\n", start + 1));
        String compiled = Files.readString(Path.of("src", "test", "java", "com", "example", "docs",
                "FirstSandboxTest.java"));

        assertThat(example)
                .as("README.md's JUnit example against com/example/docs/FirstSandboxTest.java: change both together")
                .isEqualTo(compiled);
    }
}
