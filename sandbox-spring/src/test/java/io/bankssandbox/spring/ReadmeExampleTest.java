package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's Spring Boot example is the user project's test, which the invoker compiles and runs on every build. */
class ReadmeExampleTest {

    @Test
    void readmeShowsThePayoutFlowTestTheBuildRuns() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        String example = Files.readString(
                Path.of("src/it/spring-boot-app/src/test/java/com/example/payouts/PayoutFlowTest.java"));

        assertThat(readme).contains("```java\n" + example + "```\n");
    }
}
