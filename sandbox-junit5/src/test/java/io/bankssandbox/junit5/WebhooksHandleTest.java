package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.webhooks.WebhookEndpoints;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The handle's webhooks: a builder endpoint that survives reset, awaiting deliveries, the AssertJ assertions. */
class WebhooksHandleTest {
    @RegisterExtension
    static BanksSandboxExtension extension = BanksSandboxExtension.builder().webhook("inbox").build();

    private static void credit(Sandbox sandbox, long amount) {
        String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, amount).id());
    }

    @Test
    void theBuildersEndpointIsThereFromStartAndSurvivesReset(Sandbox sandbox) {
        sandbox.reset();
        assertThat(sandbox.webhooks().endpoints()).singleElement()
                .satisfies(e -> {
                    assertThat(e.url()).isEqualTo("inbox");
                    assertThat(e.origin()).isEqualTo("config");
                    assertThat(e.apiKey()).isEqualTo(sandbox.apiKey());
                });
        credit(sandbox, 1_234);
        assertThat(sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(10))
                .body().at("/transaction/amount").asLong()).isEqualTo(1_234);
        SandboxAssertions.assertThat(sandbox.webhooks()).hasDeliveredExactly(1, "transaction.created")
                .hasDeliveredWith("transaction.created", "/transaction/amount", 1_234)
                .hasNoDeliveryOf("entity.connected")
                .hasNoUndeliveredEvents();
    }

    @Test
    void theBuildersEndpointIsConfigurationNotStateAndCannotBeRemoved(Sandbox sandbox) {
        var configured = sandbox.webhooks().endpoints().get(0);
        assertThat(sandbox.exportState().get("webhook_endpoints")).isEmpty();
        assertThatThrownBy(() -> sandbox.webhooks().unsubscribe(configured.id()))
                .isInstanceOf(SandboxException.class)
                .satisfies(e -> assertThat(((SandboxException) e).status()).isEqualTo(409));
        var added = sandbox.webhooks().subscribe("inbox");
        assertThat(sandbox.exportState().get("webhook_endpoints")).singleElement()
                .satisfies(e -> assertThat(e.get("id").asText()).isEqualTo(added.id()));
        assertThat(sandbox.webhooks().unsubscribe(added.id()).id()).isEqualTo(added.id());
        assertThat(sandbox.webhooks().endpoints()).containsExactly(configured);
    }

    @Test
    void awaitDeliveredFailsWithWhatWasDeliveredInstead(Sandbox sandbox) {
        credit(sandbox, 5_555);
        sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(10));
        assertThatThrownBy(() -> sandbox.webhooks().awaitDelivered("entity.connected", Duration.ofMillis(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("no entity.connected delivery")
                .hasMessageContaining("transaction.created")
                .hasMessageContaining("5555");
        assertThatThrownBy(() -> SandboxAssertions.assertThat(sandbox.webhooks()).hasDelivered("entity.connected"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("transaction.created");
    }

    @Test
    void subscribingThroughTheHandleRefusesWhatTheControlApiRefuses(Sandbox sandbox) {
        assertThatThrownBy(() -> sandbox.webhooks().subscribe("ftp://example.com"))
                .isInstanceOf(SandboxException.class)
                .satisfies(e -> assertThat(((SandboxException) e).status()).isEqualTo(400));
        assertThatThrownBy(() -> sandbox.webhooks().subscribe(new WebhookEndpoints.Registration("inbox", null,
                List.of("transaction.deleted"), null)))
                .isInstanceOf(SandboxException.class);
        assertThat(sandbox.webhooks().endpoints()).hasSize(1);
    }

    @Test
    void onboardingThroughTheHandleSendsEntityConnected(Sandbox sandbox) {
        var entity = sandbox.entities().onboard(new io.bankssandbox.internal.onboarding.Onboarding.Practice("Hilltop Clinic",
                "llc", null, new io.bankssandbox.internal.entities.Entity.Address("1 Hill Rd", "", "Denver", "CO", "80202"),
                List.of(), List.of()));
        var delivery = sandbox.webhooks().awaitDelivered("entity.connected", Duration.ofSeconds(10));
        assertThat(delivery.body().at("/entity/id").asText()).isEqualTo(entity.id());
        assertThat(delivery.body().at("/entity/npi").isNull()).isTrue();
    }
}
