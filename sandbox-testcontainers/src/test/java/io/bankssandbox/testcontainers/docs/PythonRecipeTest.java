package io.bankssandbox.testcontainers.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/python.md is run as a new Python user runs it: its {@code conftest.py} and {@code test_payments.py}
 * blocks, copied out of the page into a fresh folder, pass under {@code python3 -m pytest -n 4} against the
 * jar this build made (Debian's python3-pytest, python3-requests and python3-pytest-xdist; .ci/run installs
 * them). Without them the test is skipped with a message, except in CI, where they are guaranteed.
 */
class PythonRecipeTest {
    /** Debian's Python, with Debian's packages (a python3 earlier on the PATH may be another one). */
    private static final String PYTHON = "/usr/bin/python3";
    private static final Path PAGE = Path.of("..", "docs", "python.md");
    private static final Path JAR = Path.of("..", "sandbox-standalone", "target", "banks-sandbox.jar");
    /** A python block whose first line names its file: {@code # conftest.py}. */
    private static final Pattern FILE_BLOCK = Pattern.compile("(?m)^```python\\n# ([\\w.]+\\.py)\\n(.*?)^```\\s*$", Pattern.DOTALL);

    static Map<String, String> files() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        Matcher block = FILE_BLOCK.matcher(Files.readString(PAGE));
        while (block.find()) {
            files.put(block.group(1), "# " + block.group(1) + "\n" + block.group(2));
        }
        return files;
    }

    @Test
    void thePagesPytestSetUpPassesWithFourWorkers(@TempDir Path project) throws Exception {
        Map<String, String> files = files();
        assertThat(files).as("the python blocks of %s that name their file", PAGE)
                .containsOnlyKeys("conftest.py", "test_payments.py");
        requirePython();
        assertThat(JAR).as("the jar this build made").exists();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Files.writeString(project.resolve(file.getKey()), file.getValue());
        }

        boolean library = run(project, PYTHON, "-c", "import standardwebhooks").exit == 0;
        System.out.println(library ? "webhook signatures checked by the standardwebhooks library"
                : "webhook signatures checked by hand: the standardwebhooks package is not installed (PyPI is out of reach)");
        Result pytest = run(project, PYTHON, "-m", "pytest", "-n", "4", "-p", "no:cacheprovider", "-v");
        System.out.println(pytest.output);
        assertThat(pytest.exit).as(pytest.output).isZero();
        assertThat(pytest.output).contains("6 passed");
        // four workers took the tests, and one server answered them all
        assertThat(pytest.output).contains("[gw3]").doesNotContain("[gw4]");
    }

    private static void requirePython() throws Exception {
        boolean required = "true".equalsIgnoreCase(System.getenv("CI"));
        Result probe;
        try {
            probe = run(Path.of("."), PYTHON, "-c", "import pytest, requests, xdist");
        } catch (IOException noPython) {
            probe = new Result(127, noPython.getMessage());
        }
        if (probe.exit != 0) {
            String message = "python3 with pytest, requests and pytest-xdist is needed (apt-get install python3-pytest"
                    + " python3-requests python3-pytest-xdist): " + probe.output;
            assertThat(required).as(message + "; CI installs them").isFalse();
            Assumptions.abort(message);
        }
    }

    record Result(int exit, String output) {}

    private static Result run(Path directory, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(line).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().put("BANKS_SANDBOX_JAR", JAR.toAbsolutePath().toString());
        builder.environment().remove("BANKS_SANDBOX_URL");
        builder.environment().remove("BANKS_SANDBOX_IMAGE");
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
