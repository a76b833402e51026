package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code /_sandbox/sandboxes} on a sandbox started in Java (the host): what each route answers, field
 * by field, and every refusal with its exact status and body. Every answer is checked against the
 * document the sandbox serves (through {@link ApiClient}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OnDemandRoutesTest {
    static final List<String> FIELDS = List.of("id", "name", "host", "base_url", "dashboard_url", "api_keys", "clock",
            "created_at", "idle_timeout");

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path temp;

    private Sandbox host;
    private ApiClient control;
    private final List<String> started = new ArrayList<>();

    @BeforeAll
    void startHost() {
        host = Sandbox.start();
        control = new ApiClient(host.baseUrl(), null);
    }

    @AfterEach
    void closeStarted() {
        for (String id : started) {
            control.delete("/_sandbox/sandboxes/" + id);
        }
        started.clear();
    }

    @AfterAll
    void stopHost() {
        host.close();
    }

    private JsonNode create(Object body) {
        ApiClient.Response created = body == null
                ? control.send("POST", "/_sandbox/sandboxes", null, Map.of())
                : control.post("/_sandbox/sandboxes", body, null);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        started.add(created.json().get("id").asText());
        return created.json();
    }

    private static String simulatedTransferId(ApiClient control) {
        String account = new ApiClient(control.baseUrl(), Sandbox.DEFAULT_API_KEY).get("/v0/accounts").json()
                .at("/data/0/id").asText();
        ApiClient.Response simulated = control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", account, "amount", 100), null);
        assertThat(simulated.status()).as(simulated.toString()).isEqualTo(201);
        return simulated.json().get("id").asText();
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void aNewSandboxTakesTheHostsOptionsAndAnswersUnderAPathOfItsOwnOnTheHostsPort() {
        Instant before = Instant.now();
        JsonNode sandbox = create(null);
        assertThat(fields(sandbox)).containsExactlyElementsOf(FIELDS);
        assertThat(sandbox.get("id").asText()).matches("sandbox_[0-9a-z]{20}");
        assertThat(sandbox.get("name").isNull()).isTrue();
        assertThat(sandbox.get("host").asBoolean()).isFalse();
        String baseUrl = sandbox.get("base_url").asText();
        assertThat(baseUrl).isEqualTo(host.baseUrl() + "/sandboxes/" + sandbox.get("id").asText());
        assertThat(sandbox.get("dashboard_url").asText()).isEqualTo(baseUrl + "/_sandbox/ui");
        assertThat(sandbox.get("api_keys").toString()).isEqualTo("[{\"key\":\"lm_key_sandbox_all\",\"sees\":[\"*\"]},"
                + "{\"key\":\"lm_key_sandbox_one\",\"sees\":[\"entity_00000001nh0ctdekwudu\"]}]");
        // the host's options: frozen clock at the fixture set's start, the same seed (so the same ids)
        assertThat(sandbox.get("clock")).isEqualTo(control.get("/_sandbox/clock").json());
        assertThat(sandbox.at("/clock/mode").asText()).isEqualTo("frozen");
        assertThat(Instant.parse(sandbox.get("created_at").asText())).isBetween(before, Instant.now());
        assertThat(sandbox.get("idle_timeout").asText()).isEqualTo("PT30M");

        ApiClient own = new ApiClient(baseUrl, Sandbox.DEFAULT_API_KEY);
        assertThat(own.get("/v0/entities").text()).isEqualTo(new ApiClient(host.baseUrl(), Sandbox.DEFAULT_API_KEY)
                .get("/v0/entities").text());
        assertThat(own.get("/_sandbox/health").json().get("status").asText()).isEqualTo("ok");
        ApiClient.Response dashboard = own.get("/_sandbox/ui");
        assertThat(dashboard.status()).isEqualTo(200);
        assertThat(dashboard.header("Content-Type").orElseThrow()).startsWith("text/html");
    }

    @Test
    void eachOptionOfTheBodyIsTaken() {
        JsonNode sandbox = create(Map.of("fixtures", "default", "seed", 7, "clock", "running",
                "start", "2031-05-06T07:08:09Z", "name", "checkout test", "idle_timeout", "PT5M"));
        assertThat(sandbox.get("name").asText()).isEqualTo("checkout test");
        assertThat(sandbox.get("clock").get("mode").asText()).isEqualTo("running");
        assertThat(Instant.parse(sandbox.get("clock").get("now").asText()))
                .isBetween(Instant.parse("2031-05-06T07:08:09Z"), Instant.parse("2031-05-06T07:09:09Z"));
        assertThat(sandbox.get("idle_timeout").asText()).isEqualTo("PT5M");
        ApiClient own = new ApiClient(sandbox.get("base_url").asText(), null);
        assertThat(own.get("/_sandbox/clock").json().get("mode").asText()).isEqualTo("running");
        // another seed, other generated ids: the same simulation is another transfer than on the host's seed
        JsonNode same = create(Map.of("clock", "running", "start", "2031-05-06T07:08:09Z"));
        assertThat(simulatedTransferId(own)).isNotEqualTo(simulatedTransferId(new ApiClient(same.get("base_url").asText(), null)));
    }

    @Test
    void theListShowsTheHostFirstThenEachStartedOneOldestFirstAndGetReadsOne() {
        JsonNode first = create(Map.of("name", "first"));
        JsonNode second = create(Map.of("name", "second"));
        ApiClient.Response list = control.get("/_sandbox/sandboxes");
        assertThat(list.status()).isEqualTo(200);
        assertThat(fields(list.json())).containsExactly("data");
        JsonNode data = list.json().get("data");
        assertThat(data).hasSize(3);
        JsonNode hostView = data.get(0);
        assertThat(fields(hostView)).containsExactlyElementsOf(FIELDS);
        assertThat(hostView.get("host").asBoolean()).isTrue();
        assertThat(hostView.get("base_url").asText()).isEqualTo(host.baseUrl());
        assertThat(hostView.get("idle_timeout").isNull()).isTrue();
        assertThat(data.get(1).get("id")).isEqualTo(first.get("id"));
        assertThat(data.get(2).get("id")).isEqualTo(second.get("id"));
        assertThat(data.get(2).get("host").asBoolean()).isFalse();

        ApiClient.Response one = control.get("/_sandbox/sandboxes/" + second.get("id").asText());
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json()).isEqualTo(second);
        ApiClient.Response hostOne = control.get("/_sandbox/sandboxes/" + hostView.get("id").asText());
        assertThat(hostOne.json()).isEqualTo(hostView);
    }

    @Test
    void closingOneStopsItsPathAnsweringBeforeTheAnswerAndForgetsIt() {
        JsonNode sandbox = create(Map.of());
        String id = sandbox.get("id").asText();
        ApiClient own = new ApiClient(sandbox.get("base_url").asText(), Sandbox.DEFAULT_API_KEY);
        assertThat(own.get("/v0/accounts").status()).isEqualTo(200);
        ApiClient.Response closed = control.delete("/_sandbox/sandboxes/" + id);
        started.remove(id);
        assertThat(closed.status()).isEqualTo(204);
        assertThat(closed.bytes()).isEmpty();
        // the host answers its path now: that sandbox is not found, in the shape of the route asked for,
        // and the host keeps no journal entry of it
        assertThat(own.get("/v0/accounts").text()).isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\","
                + "\"message\":\"Sandbox " + id + " not found\"}");
        assertThat(own.post("/v0/external-accounts", Map.of(), "key-after-close").text())
                .isEqualTo("{\"error\":\"Sandbox " + id + " not found\"}");
        assertThat(control.get("/_sandbox/requests").json().get("data")).isEmpty();
        assertThat(control.get("/_sandbox/sandboxes/" + id).toString())
                .isEqualTo("GET /_sandbox/sandboxes/" + id + " -> 404 {\"statusCode\":404,\"error\":\"Not Found\","
                        + "\"message\":\"Sandbox " + id + " not found\"}");
        assertThat(control.delete("/_sandbox/sandboxes/" + id).toString())
                .isEqualTo("DELETE /_sandbox/sandboxes/" + id + " -> 404 {\"statusCode\":404,\"error\":\"Not Found\","
                        + "\"message\":\"Sandbox " + id + " not found\"}");
        assertThat(control.get("/_sandbox/sandboxes").json().get("data")).hasSize(1);
        // starting and closing other sandboxes is no step of this sandbox's recorded session
        assertThat(control.get("/_sandbox/requests?format=scenario").json().get("steps").toString()).doesNotContain("sandboxes");
    }

    @Test
    void theHostCannotBeClosedOverHttp() {
        String hostId = control.get("/_sandbox/sandboxes").json().at("/data/0/id").asText();
        ApiClient.Response refused = control.delete("/_sandbox/sandboxes/" + hostId);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.text()).isEqualTo("{\"statusCode\":409,\"error\":\"Conflict\",\"message\":\"Sandbox " + hostId
                + " is the host: it closes with the process, not through DELETE /_sandbox/sandboxes/{id}\"}");
        assertThat(new ApiClient(host.baseUrl(), null).get("/_sandbox/health").status()).isEqualTo(200);
    }

    @Test
    void anUnknownIdIsNotFound() {
        assertThat(control.get("/_sandbox/sandboxes/sandbox_nope").text()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Sandbox sandbox_nope not found\"}");
        assertThat(control.delete("/_sandbox/sandboxes/sandbox_nope").text()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Sandbox sandbox_nope not found\"}");
    }

    @Test
    void aBadBodyIsRefusedWithEveryProblemAndStartsNothing() {
        assertRefused(Map.of("clock", "paused", "seed", "x", "colour", "blue"), 400,
                "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":[\"seed must be an integer number\","
                        + "\"clock must be one of the following values: frozen, running\",\"property colour should not exist\"]}");
        assertRefused(Map.of("start", "tomorrow"), 400, "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":[\"start must be a valid date-time\","
                + "\"start must match ^\\\\d{4}-\\\\d{2}-\\\\d{2}T\\\\d{2}:\\\\d{2}:\\\\d{2}(\\\\.\\\\d+)?Z$ regular expression\"]}");
        assertRefused(Map.of("name", ""), 400, "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":[\"name should not be empty\"]}");
        assertRefused(Map.of("idle_timeout", "30 minutes"), 400, "{\"statusCode\":400,\"error\":\"Bad Request\","
                + "\"message\":[\"idle_timeout must be an ISO 8601 duration such as PT30M\"]}");
        assertRefused(Map.of("idle_timeout", "-PT1M"), 400, "{\"statusCode\":400,\"error\":\"Bad Request\","
                + "\"message\":[\"idle_timeout must be a positive duration\"]}");
        assertRefused("[1]", 400, "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":\"Request body must be a JSON object\"}");
        assertRefused("{\"name\":", 400,
                "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":\"Request body is not valid JSON: Unexpected end-of-input within/between Object entries\"}");
        assertRefused(Map.of("fixtures", "no-such-set"), 400,
                "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":[\"no-such-set: no such fixture directory or classpath fixture set\"]}");
        ApiClient.Response emptyDirectory = control.post("/_sandbox/sandboxes", Map.of("fixtures", temp.toString()), null);
        assertThat(emptyDirectory.status()).isEqualTo(400);
        assertThat(emptyDirectory.json().get("message")).isNotEmpty()
                .allSatisfy(problem -> assertThat(problem.asText()).contains(".json"));
        ApiClient.Response unsupported = control.send("POST", "/_sandbox/sandboxes", "{}", Map.of("Content-Type", "text/plain"));
        assertThat(unsupported.text()).isEqualTo(
                "{\"statusCode\":415,\"error\":\"Unsupported Media Type\",\"message\":\"Content-Type must be application/json\"}");
        assertThat(control.get("/_sandbox/sandboxes").json().get("data")).hasSize(1);
    }

    private void assertRefused(Object body, int status, String exactly) {
        ApiClient.Response refused = control.post("/_sandbox/sandboxes", body, null);
        assertThat(refused.status()).as(refused.toString()).isEqualTo(status);
        assertThat(refused.text()).isEqualTo(exactly);
    }
}
