package io.bankssandbox.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.Account;
import io.bankssandbox.ClockMode;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.Sandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.utility.DockerImageName;

/**
 * The image in a real container engine, one container for the class (its start costs seconds), its host
 * sandbox reset before each test so that no test sees another's clock or data, with sandboxes on demand
 * for what needs isolation within a test: the options reach the sandbox through its variables, the
 * host sandbox's handle scripts it over HTTP (with the container's admin token), on-demand sandboxes are reached through the one published
 * port and closed with their handle, and a container that does not start says why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BanksSandboxContainerTest {
    private static final Instant START = Instant.parse("2026-05-04T09:00:00Z");
    private static final String TOKEN = "control-secret";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private BanksSandboxContainer bank;

    @BeforeAll
    void startOne() {
        ContainerEngine.requireImage();
        bank = new BanksSandboxContainer(DockerImageName.parse(ContainerEngine.IMAGE))
                .withClock(ClockMode.FROZEN).withStart(START).withSeed(7).withEnv(BanksSandboxContainer.ADMIN_TOKEN, TOKEN);
        bank.start();
    }

    /** Whatever order the tests run in, and however one failed, the next starts from the fixtures and START. */
    @BeforeEach
    void resetTheHostSandbox() {
        bank.sandbox().reset();
    }

    @AfterAll
    void stopIt() {
        if (bank != null) {
            bank.stop();
        }
    }

    @Test
    void theOptionsReachTheSandboxThroughItsVariables() throws Exception {
        assertThat(bank.sandbox().clock().now()).isEqualTo(START);
        assertThat(bank.sandbox().exportState().path("sequence").path("seed").asLong()).isEqualTo(7);
        JsonNode host = get(bank.getBaseUrl() + "/_sandbox/sandboxes").path("data").get(0);
        assertThat(host.path("host").asBoolean()).isTrue();
        assertThat(host.path("clock").path("mode").asText()).isEqualTo("frozen");
        assertThat(bank.getApiKey()).isEqualTo(Sandbox.DEFAULT_API_KEY);
        // the token reached the server (its control API wants it), and the handles send it
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(bank.getBaseUrl() + "/_sandbox/clock")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(401);
        assertThat(bank.getBaseUrl()).isEqualTo("http://" + bank.getHost() + ":" + bank.getMappedPort(8080));
    }

    @Test
    void theHostSandboxsHandleScriptsTheBankAndTheApiAnswersAsTheHandleSays() throws Exception {
        Sandbox sandbox = bank.sandbox();
        Account operating = sandbox.accounts().named("Riverside Operating");
        InboundAchTransfer credit = sandbox.inboundAch().simulate(operating.id(), 125_00);
        sandbox.clock().advance(Duration.ofHours(1));

        HttpResponse<String> read = HTTP.send(HttpRequest.newBuilder(URI.create(
                        bank.getBaseUrl() + "/v0/inbound-ach-transfers/" + credit.id()))
                .header("Authorization", "Bearer " + bank.getApiKey()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).contains("\"status\":\"accepted\"");
        assertThat(sandbox.journal().requests("GET", "/v0/inbound-ach-transfers/*")).singleElement()
                .satisfies(request -> assertThat(request.status()).isEqualTo(200));
    }

    @Test
    void sandboxesOnDemandAnswerThroughTheOnePortEachIsolatedAndClosedWithItsHandle() throws Exception {
        Instant hostNow = bank.sandbox().clock().now();
        String closedUrl;
        try (Sandbox first = bank.newSandbox(); Sandbox second = bank.newSandbox()) {
            closedUrl = first.baseUrl();
            assertThat(first.baseUrl()).startsWith(bank.getBaseUrl() + "/sandboxes/sandbox_");
            assertThat(second.baseUrl()).startsWith(bank.getBaseUrl() + "/sandboxes/sandbox_").isNotEqualTo(first.baseUrl());
            // the host's options are an on-demand sandbox's defaults
            assertThat(first.clock().now()).isEqualTo(START);
            assertThat(first.exportState().path("sequence").path("seed").asLong()).isEqualTo(7);

            Account operating = first.accounts().named("Riverside Operating");
            first.inboundAch().simulate(operating.id(), 125_00);
            first.clock().advance(Duration.ofHours(1));

            assertThat(first.accounts().get(operating.id()).totalBalance()).isEqualTo(operating.totalBalance() + 125_00);
            assertThat(second.accounts().get(operating.id()).totalBalance()).isEqualTo(operating.totalBalance());
            assertThat(second.clock().now()).isEqualTo(START);
            assertThat(bank.sandbox().clock().now()).isEqualTo(hostNow);
            // the application under test reaches it at its base URL, with its key, through the container's port
            HttpResponse<String> read = HTTP.send(HttpRequest.newBuilder(URI.create(first.baseUrl() + "/v0/accounts/"
                    + operating.id())).header("Authorization", "Bearer " + first.apiKey()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(read.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(read.body()).path("total_balance").asLong()).isEqualTo(operating.totalBalance() + 125_00);
            assertThat(first.journal().requests("GET", "/v0/accounts/*")).hasSize(1);
            assertThat(second.journal().requests("GET", "/v0/accounts/*")).isEmpty();
        }
        String id = closedUrl.substring(closedUrl.lastIndexOf('/') + 1);
        assertThat(status(bank.getBaseUrl() + "/_sandbox/sandboxes/" + id)).isEqualTo(404);
        assertThat(status(closedUrl + "/_sandbox/health")).isEqualTo(404);
    }

    @Test
    void closingTheHostSandboxsHandleOnlyLetsGoOfIt() throws Exception {
        Sandbox.connect(URI.create(bank.getBaseUrl()), TOKEN).close();

        assertThat(status(bank.getBaseUrl() + "/_sandbox/health")).isEqualTo(200);
        assertThat(bank.sandbox().clock().now()).isEqualTo(START);
    }

    @Test
    void aContainerThatDoesNotStartThrowsWithItsLog() {
        try (BanksSandboxContainer broken = new BanksSandboxContainer(DockerImageName.parse(ContainerEngine.IMAGE))
                .withFixtures("no-such-fixture-set")) {
            assertThatThrownBy(broken::start).isInstanceOf(ContainerLaunchException.class)
                    .satisfies(e -> assertThat(causes(e)).contains("no-such-fixture-set")
                            // seen as the exit it is, not as a health wait that ran out (two minutes later)
                            .contains("exited with code 1 before"));
        }
    }

    private static JsonNode get(String url) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(url).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static int status(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String causes(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
