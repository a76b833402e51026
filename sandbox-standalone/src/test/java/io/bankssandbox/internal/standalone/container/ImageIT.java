package io.bankssandbox.internal.standalone.container;

import static io.bankssandbox.internal.standalone.container.Podman.podman;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.standalone.Http;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The image run as a user runs it, one container for the class: a variable and an argument after the
 * image as serve options, the published port, the user, the health check, what the image holds.
 */
class ImageIT {
    private static String container;
    private static String url;

    @BeforeAll
    static void start() throws Exception {
        container = Podman.start(Podman.name("image"), List.of("-e", "BANKS_SANDBOX_CLOCK=frozen"),
                "--start", "2026-03-02T09:00:00Z");
        url = Podman.baseUrl(container);
    }

    @AfterAll
    static void remove() throws Exception {
        Podman.remove(container);
    }

    @Test
    void thePublishedPortServesTheDefaultFixturesWithTheDefaultKey() throws Exception {
        HttpResponse<String> entities = Http.get(url + "/v0/entities", "lm_key_sandbox_all");
        assertThat(entities.statusCode()).isEqualTo(200);
        assertThat(Http.JSON.readTree(entities.body()).path("data")).isNotEmpty();
        assertThat(Http.get(url + "/v0/entities", null).statusCode()).isEqualTo(401);
        // the server draws a PDF with no font file and no desktop library in the image
        HttpResponse<String> pdf = Http.get(url + "/v0/accounts/account_0000000srbl695e78hs4/settlement-instructions",
                "lm_key_sandbox_all");
        assertThat(pdf.statusCode()).isEqualTo(200);
        assertThat(pdf.body()).startsWith("%PDF-");
        assertThat(podman("logs", container).out()).contains("Banks Sandbox listening on http://127.0.0.1:8080",
                "lm_key_sandbox_all", "Dashboard: http://127.0.0.1:8080/_sandbox/ui");
    }

    @Test
    void aSandboxOnDemandIsReachedThroughTheOnePublishedPortUnderItsPath() throws Exception {
        HttpResponse<String> created = Http.send(url + "/_sandbox/sandboxes", "POST", null, null, "{\"name\":\"through the port\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode sandbox = Http.JSON.readTree(created.body());
        String base = sandbox.path("base_url").asText();
        // the address the client used (the published port on 127.0.0.1), never the container's own
        assertThat(base).isEqualTo(url + "/sandboxes/" + sandbox.path("id").asText());
        assertThat(sandbox.path("dashboard_url").asText()).isEqualTo(base + "/_sandbox/ui");
        HttpResponse<String> account = Http.get(base + "/v0/accounts/account_0000000srbl695e78hs4", "lm_key_sandbox_all");
        assertThat(account.statusCode()).isEqualTo(200);
        // its own clock: advancing it leaves the container's sandbox where it was
        java.time.Instant before = java.time.Instant.parse(
                Http.JSON.readTree(Http.get(base + "/_sandbox/clock", null).body()).path("now").asText());
        assertThat(Http.send(base + "/_sandbox/clock/advance", "POST", null, null, "{\"by\":\"PT1H\"}").statusCode()).isEqualTo(200);
        assertThat(java.time.Instant.parse(Http.JSON.readTree(Http.get(base + "/_sandbox/clock", null).body()).path("now").asText()))
                .isAfterOrEqualTo(before.plusSeconds(3600));
        assertThat(Http.JSON.readTree(Http.get(url + "/_sandbox/clock", null).body()).path("now").asText())
                .isEqualTo("2026-03-02T09:00:00.000Z");
        assertThat(Http.send(url + "/_sandbox/sandboxes/" + sandbox.path("id").asText(), "DELETE", null, null, null).statusCode())
                .isIn(200, 204);
        assertThat(Http.get(base + "/v0/accounts/account_0000000srbl695e78hs4", "lm_key_sandbox_all").statusCode()).isEqualTo(404);
    }

    @Test
    void aVariableAndTheArgumentsAfterTheImageAreServeOptions() throws Exception {
        JsonNode clock = Http.JSON.readTree(Http.get(url + "/_sandbox/clock", null).body());
        assertThat(clock.path("mode").asText()).isEqualTo("frozen");
        assertThat(clock.path("now").asText()).isEqualTo("2026-03-02T09:00:00.000Z");
    }

    @Test
    void anUnknownVariableStopsTheStartWithOneLineAndExitCode2() throws Exception {
        Podman.Result refused = podman("run", "--rm", "-e", "BANKS_SANDBOX_CLOK=frozen", Podman.image());
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.errors()).isEqualTo("banks-sandbox: BANKS_SANDBOX_CLOK is set, but serve has no option --clok "
                + "(did you mean BANKS_SANDBOX_CLOCK?) (see --help)\n");
    }

    @Test
    void itRunsAsTheNumericNonRootUser() throws Exception {
        assertThat(podman("top", container, "huser", "user").out().lines().skip(1).findFirst().orElseThrow().trim().split("\\s+"))
                .containsExactly("65532", "sandbox");
        assertThat(podman("image", "inspect", "--format", "{{.Config.User}} {{.Config.WorkingDir}}", Podman.image()).out().trim())
                .isEqualTo("65532:65532 /data");
    }

    @Test
    void theHealthCommandNeedsNoArgumentAndTheImageCarriesItAsItsHealthCheck() throws Exception {
        Podman.Result health = podman("exec", container, "/app/runtime/bin/java", "-jar", "/app/banks-sandbox.jar", "health");
        assertThat(health.exit()).as(health.toString()).isZero();
        assertThat(health.out()).isEqualTo("healthy: http://127.0.0.1:8080/_sandbox/health answered 200\n");
        assertThat(podman("image", "inspect", "--format", "{{json .Config.Healthcheck.Test}}", Podman.image()).out())
                .contains("\"CMD\",\"/app/runtime/bin/java\"").contains("\"-XX:+UseSerialGC\",\"-jar\",\"/app/banks-sandbox.jar\",\"health\"]");
        // what docs/containers.md says of it: every 30 s, after up to 60 s to start
        assertThat(podman("image", "inspect", "--format", "{{.Config.Healthcheck.Interval}} {{.Config.Healthcheck.StartPeriod}}",
                Podman.image()).out().trim()).isEqualTo("30s 1m0s");
        Podman.Result check = podman("healthcheck", "run", container);
        assertThat(check.exit()).as(check.toString()).isZero();
        assertThat(podman("inspect", "--format", "{{.State.Health.Status}}", container).out().trim()).isEqualTo("healthy");
    }

    @Test
    void theImageHasNoShellAndItsClassDataArchiveServesTheJar() throws Exception {
        assertThat(podman("exec", container, "/bin/sh", "-c", "true").exit()).isNotZero();
        Podman.Result classes = podman("exec", container, "/app/runtime/bin/java", "-XX:SharedArchiveFile=/app/banks-sandbox.jsa",
                "-Xlog:class+load=info", "-jar", "/app/banks-sandbox.jar", "--version");
        assertThat(classes.out()).contains("io.bankssandbox.internal.standalone.Main source: shared objects file (top)")
                .contains("banks-sandbox " + Podman.VERSION);
    }

    @Test
    void theImageIsAtMost120MB() throws Exception {
        long size = Long.parseLong(podman("image", "inspect", "--format", "{{.Size}}", Podman.image()).out().trim());
        assertThat(size).isLessThanOrEqualTo(120_000_000L);
    }
}
