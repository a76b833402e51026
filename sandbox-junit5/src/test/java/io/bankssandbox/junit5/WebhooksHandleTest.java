package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Entity;
import io.bankssandbox.Practice;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.WebhookEndpoint;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The handle's webhooks: a builder endpoint that survives reset, awaiting deliveries, the AssertJ assertions. */
class WebhooksHandleTest {
    @RegisterExtension
    static BanksSandboxExtension extension = BanksSandboxExtension.builder().webhook("inbox").build();

    private static void credit(Sandbox sandbox, long amount) {
        String account = sandbox.accounts().all().get(0).id();
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
        assertThat(sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30))
                .transaction().amount()).isEqualTo(1_234);
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
        sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30));
        assertThatThrownBy(() -> sandbox.webhooks().awaitDelivered("entity.connected", Duration.ofMillis(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("waited PT0.05S for a delivered entity.connected")
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
        assertThatThrownBy(() -> sandbox.webhooks().subscribe(
                WebhookEndpoint.Registration.of("inbox").forEvents("transaction.deleted")))
                .isInstanceOf(SandboxException.class);
        assertThat(sandbox.webhooks().endpoints()).hasSize(1);
    }

    @Test
    void onboardingThroughTheHandleSendsEntityConnected(Sandbox sandbox) {
        Entity entity = sandbox.entities().onboard(Practice.named("Hilltop Clinic", Entity.LLC,
                new Entity.Address("1 Hill Rd", "", "Denver", "CO", "80202")));
        var delivery = sandbox.webhooks().awaitDelivered("entity.connected", Duration.ofSeconds(30));
        assertThat(delivery.entity().id()).isEqualTo(entity.id());
        assertThat(delivery.entity().npi()).isNull();
        assertThat(delivery.entity().isProvider()).isFalse();
    }
}
