package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's JUnit example is this package's ReadmeExampleTest, word for word but for the class name. */
class ReadmeExampleSyncTest {
    @Test
    void theReadmesJUnitExampleIsTheClassTheBuildRuns() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int start = readme.indexOf("```java\npackage com.example.payouts;");
        assertThat(start).as("README.md has the JUnit example (a java block of package com.example.payouts)")
                .isNotNegative();
        String example = readme.substring(start + "```java\n".length(), readme.indexOf("```\n", start + 1));
        String compiled = Files.readString(Path.of("src", "test", "java", "com", "example", "payouts",
                "ReadmeExampleTest.java"));

        assertThat(example.replace("class PayoutTest {", "class ReadmeExampleTest {"))
                .as("README.md's JUnit example against ReadmeExampleTest.java: change both together")
                .isEqualTo(compiled);
    }
}
