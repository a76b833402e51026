package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The README's way for a CI job to the standalone jar is the command the build runs: the invoker
 * project {@code src/it/fetch-and-run} runs the same {@code mvn dependency:copy} against the
 * artifact this build installed, then starts the fetched jar with {@code java -jar} to a 200.
 */
class FetchCommandDocTest {

    @Test
    void theReadmesFetchCommandIsTheOneTheInvokerProjectRuns() throws IOException {
        Properties invoker = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("src/it/fetch-and-run/invoker.properties"))) {
            invoker.load(in);
        }
        String version = System.getProperty("project.version");
        String run = "mvn " + invoker.getProperty("invoker.goals").replace("${project.version}", version);
        String readme = Files.readString(Path.of("..", "README.md")).replaceAll("\\s+", " ");

        assertThat(readme).contains("`" + run + "`")
                .contains("`java -jar sandbox-standalone-" + version + ".jar serve`");
    }
}
