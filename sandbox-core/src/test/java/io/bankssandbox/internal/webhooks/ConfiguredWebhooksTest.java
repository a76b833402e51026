package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.WebhookEndpoint;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Endpoints that are configuration rather than state: given at start with what a subscription may
 * say (a signing secret), or added while the sandbox runs for a receiver whose address is known only
 * then (the Spring Boot application's own port). Either way they sign as Standard Webhooks do, survive
 * reset, and are refused, naming the rule, when a value breaks the registration's schema.
 */
class ConfiguredWebhooksTest {
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private WebhookReceiver receiver;

    @BeforeEach
    void receiver() {
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    private static void credit(Sandbox sandbox, long amount) {
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, amount).id());
    }

    @Test
    void anEndpointGivenAtStartWithASecretSignsAndSurvivesReset() throws Exception {
        SandboxConfig config = SandboxConfig.builder().output(SandboxConfig.Output.SILENT)
                .webhook(WebhookEndpoint.Registration.of(receiver.url()).signedWith(SECRET)).build();
        try (Sandbox sandbox = Sandbox.start(config)) {
            sandbox.reset();
            assertThat(sandbox.webhooks().endpoints()).singleElement().satisfies(endpoint -> {
                assertThat(endpoint.signed()).isTrue();
                assertThat(endpoint.origin()).isEqualTo(WebhookEndpoint.CONFIG);
            });
            credit(sandbox, 8_01);

            WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);
            assertThat(got.header("webhook-signature").split(" ")).contains(WebhookTestBase.expectedSignature(SECRET, got));
        }
    }

    @Test
    void anEndpointAddedAsConfigurationWhileTheSandboxRunsDeliversSignedAndOutlivesReset() throws Exception {
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT)
                .webhook("inbox").build())) {
            ConfiguredWebhooks.add(sandbox, new RuntimeConfig.Webhook(receiver.url(), null, null, SECRET));
            sandbox.reset();

            assertThat(sandbox.webhooks().endpoints()).extracting(WebhookEndpoint::id, WebhookEndpoint::origin)
                    .containsExactly(org.assertj.core.api.Assertions.tuple("webhook_endpoint_start1", "config"),
                            org.assertj.core.api.Assertions.tuple("webhook_endpoint_start2", "config"));
            credit(sandbox, 8_02);
            WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);
            assertThat(got.json().at("/transaction/amount").asLong()).isEqualTo(8_02);
            assertThat(got.header("webhook-signature").split(" ")).contains(WebhookTestBase.expectedSignature(SECRET, got));
            assertThat(sandbox.exportState().path("webhook_endpoints")).as("configuration is not state").isEmpty();
        }
    }

    @Test
    void aValueTheRegistrationSchemaRefusesIsRefusedNamingTheEndpointAndTheRule() {
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT).build())) {
            assertThatThrownBy(() -> ConfiguredWebhooks.add(sandbox,
                    new RuntimeConfig.Webhook("http://127.0.0.1:8080/hook", null, List.of("card.created"), "short")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("webhook http://127.0.0.1:8080/hook: ")
                    .hasMessageContaining("secret must be base64")
                    .hasMessageContaining("events");
            assertThat(sandbox.webhooks().endpoints()).isEmpty();
        }
        assertThatThrownBy(() -> Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT)
                .webhook(WebhookEndpoint.Registration.of("ftp://example.com/hook")).build()))
                .hasMessageContaining("webhook ftp://example.com/hook: url must be an http or https URL");
    }
}
