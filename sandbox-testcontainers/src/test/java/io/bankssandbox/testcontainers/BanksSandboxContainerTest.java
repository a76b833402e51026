package io.bankssandbox.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.utility.DockerImageName;

/**
 * The image in a real container engine, one container for the class (its start costs seconds): the
 * options reach the sandbox, the host sandbox's handle scripts it over HTTP, and a container that does
 * not start says why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BanksSandboxContainerTest {
    private static final Instant START = Instant.parse("2026-05-04T09:00:00Z");

    private BanksSandboxContainer bank;

    @BeforeAll
    void startOne() {
        ContainerEngine.requireImage();
        bank = new BanksSandboxContainer(DockerImageName.parse(ContainerEngine.IMAGE))
                .withClock(ClockMode.FROZEN).withStart(START).withSeed(7);
        bank.start();
    }

    @AfterAll
    void stopIt() {
        if (bank != null) {
            bank.stop();
        }
    }

    @Test
    void theOptionsReachTheSandbox() {
        assertThat(bank.sandbox().clock().now()).isEqualTo(START);
        assertThat(bank.getApiKey()).isEqualTo(Sandbox.DEFAULT_API_KEY);
        assertThat(bank.getBaseUrl()).isEqualTo("http://" + bank.getHost() + ":" + bank.getMappedPort(8080));
    }

    @Test
    void theHostSandboxsHandleScriptsTheBankAndTheApiAnswersAsTheHandleSays() throws Exception {
        Sandbox sandbox = bank.sandbox();
        sandbox.reset();
        Account operating = sandbox.accounts().named("Riverside Operating");
        InboundAchTransfer credit = sandbox.inboundAch().simulate(operating.id(), 125_00);
        sandbox.clock().advance(Duration.ofHours(1));

        HttpResponse<String> read = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        bank.getBaseUrl() + "/v0/inbound-ach-transfers/" + credit.id()))
                .header("Authorization", "Bearer " + bank.getApiKey()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).contains("\"status\":\"accepted\"");
        assertThat(sandbox.journal().requests("GET", "/v0/inbound-ach-transfers/*")).singleElement()
                .satisfies(request -> assertThat(request.status()).isEqualTo(200));
    }

    @Test
    void aContainerThatDoesNotStartThrowsWithItsLog() {
        try (BanksSandboxContainer broken = new BanksSandboxContainer(DockerImageName.parse(ContainerEngine.IMAGE))
                .withCommand("--fixtures", "no-such-fixture-set")) {
            assertThatThrownBy(broken::start).isInstanceOf(ContainerLaunchException.class)
                    .satisfies(e -> assertThat(causes(e)).contains("no-such-fixture-set"));
        }
    }

    private static String causes(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
