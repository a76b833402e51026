package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An attempt's timeout, set before the sandbox's first attempt (the sender does not exist yet and
 * takes it when it is made) or after it (the sender in use takes it). Each test starts its own
 * sandbox, so which of the two it is does not depend on the tests that ran before.
 */
class WebhookAttemptTimeoutTest {
    private static final Duration SHORT = Duration.ofSeconds(1);

    @Test
    void aTimeoutSetBeforeTheFirstAttemptIsTheOneItsSenderUses() {
        try (WebhookReceiver receiver = new WebhookReceiver();
                Sandbox sandbox = Sandbox.start(SandboxConfig.builder().webhook(receiver.url()).build())) {
            SandboxInternals.server(sandbox).webhooks().attemptTimeout(SHORT);
            receiver.behave(WebhookReceiver.Behaviour.HANG);
            assertThat(firstAttemptOfACredit(sandbox, 1_001).get("error").asText()).isEqualTo("timeout after 1 s");
        }
    }

    @Test
    void aTimeoutSetWhileASenderIsInUseIsTheOneItsNextAttemptUses() {
        try (WebhookReceiver receiver = new WebhookReceiver();
                Sandbox sandbox = Sandbox.start(SandboxConfig.builder().webhook(receiver.url()).build())) {
            assertThat(firstAttemptOfACredit(sandbox, 1_002).get("status_code").asInt()).isEqualTo(200);
            SandboxInternals.server(sandbox).webhooks().attemptTimeout(SHORT);
            receiver.behave(WebhookReceiver.Behaviour.HANG);
            assertThat(firstAttemptOfACredit(sandbox, 1_003).get("error").asText()).isEqualTo("timeout after 1 s");
        }
    }

    /** The first attempt of the delivery of one credit of {@code amount}, once it is recorded. */
    private static JsonNode firstAttemptOfACredit(Sandbox sandbox, long amount) {
        ApiClient control = new ApiClient(sandbox.baseUrl(), null);
        LiveFixtures fixtures = LiveFixtures.read(new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL));
        WebhookTestBase.postCredit(control, fixtures.riversideOperating(), amount);
        JsonNode newest = control.get("/_sandbox/webhooks/deliveries?limit=1").json().get("data").get(0);
        assertThat(newest.at("/body/transaction/amount").asLong()).isEqualTo(amount);
        return WebhookTestBase.awaitAttempts(control, newest.get("id").asText(), 1).get("attempts").get(0);
    }
}
