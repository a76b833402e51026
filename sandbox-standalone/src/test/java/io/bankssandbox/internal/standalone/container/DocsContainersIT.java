package io.bankssandbox.internal.standalone.container;

import static io.bankssandbox.internal.standalone.container.Podman.podman;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.bankssandbox.internal.standalone.Http;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example of docs/containers.md (and the README's container section), run with podman as it is
 * written: the image it names, its variables, ports, options and health check; the Kubernetes
 * manifest through {@code podman kube play}. What podman cannot stand in for (a registry, another
 * service reaching the bank by its name) is checked as written: the names and ports agree.
 */
class DocsContainersIT {
    private static final Path PAGE = Path.of("..", "docs", "containers.md");
    private static final String REGISTRY_IMAGE = "registry.example.com/banks-sandbox:" + Podman.VERSION;
    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path temp;

    @Test
    void theDockerRunOfThePageAndOfTheReadmeServesTheBank() throws Exception {
        List<String> blocks = new ArrayList<>(blocks(Files.readString(PAGE), "sh"));
        blocks.addAll(blocks(Files.readString(Path.of("..", "README.md")), "sh"));
        List<String> runs = blocks.stream().filter(b -> b.contains("docker run")).toList();
        assertThat(runs).hasSize(2);
        for (String block : runs) {
            assertThat(block).contains("docker load -i sandbox-standalone/target/banks-sandbox-image.tar");
            String run = block.lines().filter(l -> l.startsWith("docker run")).findFirst().orElseThrow().replaceAll("\\s+#.*", "");
            assertThat(run).isEqualTo("docker run --rm -p 8080:8080 banks-sandbox:" + Podman.VERSION);
        }
        String container = Podman.start(Podman.name("docs-run"), List.of());
        try {
            String url = Podman.baseUrl(container);
            for (String block : runs) {
                Matcher curl = Pattern.compile("curl -H 'Authorization: Bearer (\\S+)' http://127\\.0\\.0\\.1:8080(\\S+)").matcher(block);
                assertThat(curl.find()).as(block).isTrue();
                assertThat(Http.get(url + curl.group(2), curl.group(1)).statusCode()).isEqualTo(200);
            }
        } finally {
            Podman.remove(container);
        }
    }

    @Test
    void theGitHubActionsServiceStartsFromItsVariablesAndBecomesHealthy() throws Exception {
        JsonNode job = yaml(".github/workflows/test.yml").path("jobs").path("test");
        JsonNode service = job.path("services").path("bank");
        assertThat(service.path("image").asText()).isEqualTo(REGISTRY_IMAGE);
        assertThat(service.path("ports").get(0).asText()).isEqualTo("8080:8080");
        List<String> options = new ArrayList<>(List.of(service.path("options").asText().split("\\s+")));
        service.path("env").fields().forEachRemaining(v -> options.addAll(List.of("-e", v.getKey() + "=" + v.getValue().asText())));
        String container = Podman.start(Podman.name("docs-github"), options);
        try {
            String url = Podman.baseUrl(container);
            JsonNode step = job.path("steps").get(1).path("env");
            assertThat(step.path("BANK_BASE_URL").asText()).isEqualTo("http://localhost:8080");
            assertThat(Http.get(url + "/v0/accounts", step.path("BANK_API_KEY").asText()).statusCode()).isEqualTo(200);
            JsonNode clock = Http.JSON.readTree(Http.get(url + "/_sandbox/clock", null).body());
            assertThat(clock.path("mode").asText()).isEqualTo(service.path("env").path("BANKS_SANDBOX_CLOCK").asText());
            assertThat(clock.path("now").asText()).startsWith(service.path("env").path("BANKS_SANDBOX_START").asText().replace("Z", ""));
            assertHealthy(container);
            // the options change when the image's check runs, not what it runs
            assertThat(podman("inspect", "--format", "{{json .Config.Healthcheck.Test}}", container).out())
                    .contains("\"/app/banks-sandbox.jar\",\"health\"]");
        } finally {
            Podman.remove(container);
        }
    }

    @Test
    void theGitLabServiceStartsFromItsVariablesUnderItsAlias() throws Exception {
        JsonNode job = yaml(".gitlab-ci.yml").path("test");
        JsonNode service = job.path("services").get(0);
        assertThat(service.path("name").asText()).isEqualTo(REGISTRY_IMAGE);
        URI bank = URI.create(job.path("variables").path("BANK_BASE_URL").asText());
        assertThat(bank.getHost()).isEqualTo(service.path("alias").asText());
        assertThat(bank.getPort()).isEqualTo(8080);
        assertThat(podman("image", "inspect", "--format", "{{json .Config.ExposedPorts}}", Podman.image()).out()).contains("8080/tcp");
        List<String> options = new ArrayList<>();
        service.path("variables").fields().forEachRemaining(v -> options.addAll(List.of("-e", v.getKey() + "=" + v.getValue().asText())));
        String container = Podman.start(Podman.name("docs-gitlab"), options);
        try {
            String url = Podman.baseUrl(container);
            assertThat(Http.get(url + "/v0/entities", job.path("variables").path("BANK_API_KEY").asText()).statusCode()).isEqualTo(200);
            assertThat(Http.JSON.readTree(Http.get(url + "/_sandbox/clock", null).body()).path("mode").asText())
                    .isEqualTo(service.path("variables").path("BANKS_SANDBOX_CLOCK").asText());
        } finally {
            Podman.remove(container);
        }
    }

    @Test
    void theComposeBankRunsWithItsVolumeAndHealthCheckAndTheDevServerNamesIt() throws Exception {
        JsonNode services = yaml("compose.yaml").path("services");
        JsonNode bank = services.path("bank");
        assertThat(bank.path("image").asText()).isEqualTo("banks-sandbox:" + Podman.VERSION);
        assertThat(bank.path("ports").get(0).asText()).isEqualTo("8080:8080");
        String volume = Podman.name("docs-compose");
        List<String> options = new ArrayList<>();
        bank.path("environment").fields().forEachRemaining(v -> options.addAll(List.of("-e", v.getKey() + "=" + v.getValue().asText())));
        String[] mount = bank.path("volumes").get(0).asText().split(":");
        options.addAll(List.of("-v", volume + ":" + mount[1]));
        ArrayNode test = (ArrayNode) bank.path("healthcheck").path("test");
        assertThat(test.get(0).asText()).isEqualTo("CMD");
        List<String> command = new ArrayList<>();
        test.forEach(word -> command.add(word.asText()));
        options.addAll(List.of("--health-cmd", Http.JSON.writeValueAsString(command.subList(1, command.size())),
                "--health-interval", bank.path("healthcheck").path("interval").asText()));
        String container = Podman.start(Podman.name("docs-compose"), options);
        try {
            String url = Podman.baseUrl(container);
            assertHealthy(container);
            List<String> exec = new ArrayList<>(List.of("exec", container));
            exec.addAll(command.subList(1, command.size()));
            assertThat(podman(exec.toArray(String[]::new)).exit()).isZero();
            assertThat(podman("logs", container).out()).contains("State file: " + bank.path("environment").path("BANKS_SANDBOX_STATE_FILE").asText());
            JsonNode web = services.path("web");
            URI address = URI.create(web.path("environment").path("BANK_BASE_URL").asText());
            assertThat(address.getHost()).isEqualTo("bank");
            assertThat(address.getPort()).isEqualTo(8080);
            assertThat(web.path("depends_on").path("bank").path("condition").asText()).isEqualTo("service_healthy");
            assertThat(Http.get(url + "/v0/entities", web.path("environment").path("BANK_API_KEY").asText()).statusCode()).isEqualTo(200);
        } finally {
            Podman.remove(container);
            podman("volume", "rm", "-f", volume);
        }
    }

    @Test
    void theKubernetesDeploymentAndServicePlayUnderPodman() throws Exception {
        List<JsonNode> manifest = YAML.readerFor(JsonNode.class).<JsonNode>readValues(block("banks-sandbox.yaml")).readAll();
        assertThat(manifest).extracting(d -> d.path("kind").asText()).containsExactly("Deployment", "Service");
        JsonNode deployment = manifest.get(0);
        ObjectNode container = (ObjectNode) deployment.at("/spec/template/spec/containers/0");
        assertThat(container.path("image").asText()).isEqualTo(REGISTRY_IMAGE);
        assertThat(manifest.get(1).at("/spec/ports/0/targetPort").asText()).isEqualTo(container.at("/ports/0/name").asText());
        // as podman runs it here: a name of this test's, the loaded image by a tag of its own, the port published on loopback
        String name = Podman.name("kube");
        String tag = "localhost/" + name + ":test";
        assertThat(podman("tag", Podman.image(), tag).exit()).isZero();
        ((ObjectNode) deployment.path("metadata")).put("name", name);
        container.put("image", tag);
        int port = freePort();
        ((ObjectNode) container.at("/ports/0")).put("hostPort", port).put("hostIP", "127.0.0.1");
        Path file = temp.resolve("banks-sandbox.yaml");
        Files.writeString(file, YAML.writeValueAsString(deployment) + YAML.writeValueAsString(manifest.get(1)));
        try {
            Podman.Result play = podman("kube", "play", file.toString());
            assertThat(play.exit()).as(play.toString()).isZero();
            String url = "http://127.0.0.1:" + port;
            JsonNode readiness = container.path("readinessProbe").path("httpGet");
            String header = readiness.at("/httpHeaders/0/value").asText();
            HttpResponse<String> ready = awaitAnswer(url + readiness.path("path").asText(), header.replace("Bearer ", ""));
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(Http.get(url + readiness.path("path").asText(), null).statusCode())
                    .as("the token of the manifest guards the control API").isEqualTo(401);
            assertThat(Http.get(url + "/v0/entities", "lm_key_sandbox_all").statusCode()).isEqualTo(200);
            // kube play prints the pod's id, then under "Container:" the id of each container it started
            List<String> played = play.out().lines().toList();
            String bank = played.get(played.indexOf("Container:") + 1).trim();
            List<String> exec = new ArrayList<>(List.of("exec", bank));
            container.at("/livenessProbe/exec/command").forEach(word -> exec.add(word.asText()));
            Podman.Result liveness = podman(exec.toArray(String[]::new));
            assertThat(liveness.exit()).as(liveness.toString()).isZero();
        } finally {
            podman("kube", "down", file.toString());
            podman("rmi", tag);
        }
    }

    private static void assertHealthy(String container) throws Exception {
        Podman.Result check = podman("healthcheck", "run", container);
        assertThat(check.exit()).as(check.toString()).isZero();
        assertThat(podman("inspect", "--format", "{{.State.Health.Status}}", container).out().trim()).isEqualTo("healthy");
    }

    private static HttpResponse<String> awaitAnswer(String url, String bearer) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            try {
                return Http.get(url, bearer);
            } catch (java.io.IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

    /** The page's YAML block whose first line is the comment naming this file. */
    private static JsonNode yaml(String file) throws Exception {
        return YAML.readTree(block(file));
    }

    private static String block(String file) throws Exception {
        return blocks(Files.readString(PAGE), "yaml").stream().filter(b -> b.startsWith("# " + file + "\n")).findFirst()
                .orElseThrow(() -> new AssertionError("no yaml block for " + file + " in " + PAGE));
    }

    private static List<String> blocks(String markdown, String language) {
        List<String> found = new ArrayList<>();
        Matcher block = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        while (block.find()) {
            found.add(block.group(1));
        }
        return found;
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
