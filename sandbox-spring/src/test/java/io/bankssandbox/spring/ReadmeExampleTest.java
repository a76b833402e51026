package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The Spring Boot examples of docs/spring.md and the README are the user application's files, which
 * the invoker compiles and runs on every build: spring.md shows them word for word, the README the
 * test class without its imports.
 */
class ReadmeExampleTest {
    private static final Path APP = Path.of("src/it/spring-boot-app/src");

    @Test
    void springPageShowsTheApplicationAndTheTestTheBuildRuns() throws IOException {
        String page = Files.readString(Path.of("../docs/spring.md"));
        String service = Files.readString(APP.resolve("main/java/com/example/payouts/PayoutService.java"));
        String test = Files.readString(APP.resolve("test/java/com/example/payouts/OneCardPerOrderTest.java"));

        assertThat(page).contains("```java\n" + service + "```\n").contains("```java\n" + test + "```\n");
    }

    @Test
    void readmeShowsTheSameTestClass() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        String test = Files.readString(APP.resolve("test/java/com/example/payouts/OneCardPerOrderTest.java"));
        String testClass = test.substring(test.indexOf("@SpringBootTest"));

        assertThat(readme).contains("```java\n" + testClass + "```\n");
    }
}
