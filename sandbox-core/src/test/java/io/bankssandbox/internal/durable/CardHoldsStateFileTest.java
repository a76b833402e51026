package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.CardAuthorization;
import io.bankssandbox.CardPayment;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Held card authorizations are kept by the state file: a restart has them as they were, still on the clock. */
class CardHoldsStateFileTest {
    private static final String OFFICE_SUPPLIES = "card_0000006ffif7l9i19ra5";

    @TempDir
    Path temp;

    @Test
    void aRestartKeepsEveryHoldAndAPendingOneStillExpires() {
        Path file = temp.resolve("sandbox.json");
        List<CardAuthorization> before;
        long available;
        String pending;
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().stateFile(file).build())) {
            CardAuthorization settled = sandbox.cards()
                    .authorize(OFFICE_SUPPLIES, CardPayment.of(30_00, "5411").held()).authorization();
            sandbox.cards().settle(settled.id(), 35_00);
            pending = sandbox.cards().authorize(OFFICE_SUPPLIES, CardPayment.of(12_00, "5411").held())
                    .authorization().id();
            before = sandbox.cards().authorizations(null);
            available = sandbox.accounts().named("Riverside Operating").availableBalance();
        }
        try (Sandbox restarted = Sandbox.start(SandboxConfig.builder().stateFile(file).build())) {
            assertThat(restarted.cards().authorizations(null)).isEqualTo(before);
            assertThat(restarted.accounts().named("Riverside Operating").availableBalance()).isEqualTo(available);

            List<ClockEvent> events = restarted.clock().advance(Duration.ofDays(7));

            assertThat(events).contains(new ClockEvent("card_authorization.expired", pending));
            assertThat(restarted.cards().authorization(pending).status()).isEqualTo(CardAuthorization.EXPIRED);
        }
    }
}
