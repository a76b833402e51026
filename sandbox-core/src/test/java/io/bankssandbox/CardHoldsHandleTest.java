package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Held card payments through the typed handle: {@link CardPayment#held()}, {@link CardDecision#authorization()}
 * and {@link Sandbox.Cards}' settle, reverse and reads call the operations the control routes call, with
 * the same answers and the same refusals (as {@link SandboxException}).
 */
class CardHoldsHandleTest extends SandboxTestBase {
    private static final String FIXTURE_HOLD = "card_authorization_0000255tdf7irdd01slp";
    private static final Instant NOW = Instant.parse("2026-03-02T15:00:00Z");

    private String office() {
        return sandbox.cards().authorization(FIXTURE_HOLD).cardId();
    }

    private Account operating() {
        return sandbox.accounts().named("Riverside Operating");
    }

    @Test
    void aHeldPaymentAnswersItsPendingAuthorizationAndMovesTheAvailableBalanceOnly() {
        Account before = operating();
        int transactions = sandbox.transactions().of(before.id()).size();

        CardDecision decision = sandbox.cards().authorize(office(), CardPayment.of(86_40, "5812").held());

        assertThat(decision.approved()).isTrue();
        CardAuthorization hold = decision.authorization();
        assertThat(hold.id()).startsWith("card_authorization_");
        assertThat(hold).isEqualTo(new CardAuthorization(hold.id(), office(), before.id(), 86_40, "5812", "US",
                CardAuthorization.PENDING, NOW, NOW.plus(Duration.ofDays(7)), null, null, null, null, null));
        assertThat(hold.pending()).isTrue();
        assertThat(operating().availableBalance()).isEqualTo(before.availableBalance() - 86_40);
        assertThat(operating().totalBalance()).isEqualTo(before.totalBalance());
        assertThat(sandbox.transactions().of(before.id())).hasSize(transactions);
        assertThat(sandbox.cards().authorization(hold.id())).isEqualTo(hold);
    }

    @Test
    void anImmediatePaymentHasNoAuthorization() {
        assertThat(CardPayment.of(1_00, "5411").settlement()).isEqualTo(CardPayment.IMMEDIATE);
        assertThat(CardPayment.of(1_00, "5411").held().in("CA").settlement()).isEqualTo(CardPayment.HELD);
        CardDecision decision = sandbox.cards().authorize(office(), 1_00, "5411");
        assertThat(decision.approved()).isTrue();
        assertThat(decision.authorization()).isNull();
        Transaction posted = sandbox.transactions().of(operating().id()).get(0);
        assertThat(posted.cardId()).isEqualTo(office());
        assertThat(posted.cardAuthorizationId()).isNull(); // posted at once: no hold to name
        assertThat(sandbox.cards().authorize(office(), new CardPayment(1_00, "5411", "US")).authorization()).isNull();
    }

    @Test
    void settleByDefaultTakesTheHeldAmountAndNamesItsTransaction() {
        CardAuthorization hold = sandbox.cards().authorize(office(), CardPayment.of(25_00, "5411").held()).authorization();
        Account before = operating();

        CardAuthorization settled = sandbox.cards().settle(hold.id());

        assertThat(settled.status()).isEqualTo(CardAuthorization.SETTLED);
        assertThat(settled.settledAmount()).isEqualTo(25_00);
        assertThat(settled.settledAt()).isEqualTo(NOW);
        Transaction transaction = sandbox.transactions().get(settled.transactionId());
        assertThat(transaction.amount()).isEqualTo(-25_00);
        assertThat(transaction.category()).isEqualTo(Transaction.CARD_SETTLEMENT);
        assertThat(transaction.sourceId()).isEqualTo(office());
        assertThat(transaction.cardId()).isEqualTo(office());
        assertThat(transaction.cardAuthorizationId()).isEqualTo(hold.id()); // the settlement names its hold
        JsonNode shown = api.get("/v0/transactions/" + transaction.id()).json().get("source").get("card_settlement");
        assertThat(shown.get("card_authorization_id").asText()).isEqualTo(hold.id());
        assertThat(operating().availableBalance()).isEqualTo(before.availableBalance()); // held already
        assertThat(operating().totalBalance()).isEqualTo(before.totalBalance() - 25_00);
    }

    @Test
    void settleForAnotherAmountPostsThatAmount() {
        CardAuthorization hold = sandbox.cards().authorize(office(), CardPayment.of(100_00, "5812").held()).authorization();
        Account before = operating();

        CardAuthorization settled = sandbox.cards().settle(hold.id(), 118_00); // a tip

        assertThat(settled.settledAmount()).isEqualTo(118_00);
        assertThat(operating().availableBalance()).isEqualTo(before.availableBalance() + 100_00 - 118_00);
        assertThat(operating().totalBalance()).isEqualTo(before.totalBalance() - 118_00);
    }

    @Test
    void reverseReleasesTheHold() {
        Account before = operating();
        CardAuthorization hold = sandbox.cards().authorize(office(), CardPayment.of(40_00, "5411").held()).authorization();

        CardAuthorization reversed = sandbox.cards().reverse(hold.id());

        assertThat(reversed.status()).isEqualTo(CardAuthorization.REVERSED);
        assertThat(reversed.reversedAt()).isEqualTo(NOW);
        assertThat(operating()).isEqualTo(before);
    }

    @Test
    void theClockExpiresAPendingHoldAndReportsIt() {
        CardAuthorization hold = sandbox.cards().authorize(office(), CardPayment.of(5_00, "5411").held()).authorization();

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofDays(7));

        assertThat(events).contains(new ClockEvent("card_authorization.expired", hold.id()),
                new ClockEvent("card_authorization.expired", FIXTURE_HOLD));
        assertThat(sandbox.cards().authorization(hold.id()).status()).isEqualTo(CardAuthorization.EXPIRED);
        assertThat(sandbox.cards().authorization(hold.id()).expiredAt()).isEqualTo(NOW.plus(Duration.ofDays(7)));
    }

    @Test
    void authorizationsListsACardsNewestFirstAndEveryCardsWithNull() {
        CardAuthorization first = sandbox.cards().authorize(office(), CardPayment.of(1_00, "5411").held()).authorization();
        sandbox.clock().advance(Duration.ofMinutes(1));
        CardAuthorization second = sandbox.cards().authorize(office(), CardPayment.of(2_00, "5411").held()).authorization();

        assertThat(sandbox.cards().authorizations(office())).extracting(CardAuthorization::id)
                .containsExactly(second.id(), first.id(), FIXTURE_HOLD);
        assertThat(sandbox.cards().authorizations(null)).extracting(CardAuthorization::id)
                .containsExactly(second.id(), first.id(), FIXTURE_HOLD);
    }

    @Test
    void refusalsAreTheRoutesAsSandboxExceptions() {
        CardAuthorization hold = sandbox.cards().authorize(office(), CardPayment.of(1_00, "5411").held()).authorization();
        sandbox.cards().reverse(hold.id());

        assertRefused(() -> sandbox.cards().settle(hold.id()), 409,
                "Card authorization " + hold.id() + " is reversed; only a pending card authorization can be settled");
        assertRefused(() -> sandbox.cards().reverse(hold.id()), 409,
                "Card authorization " + hold.id() + " is reversed; only a pending card authorization can be reversed");
        assertRefused(() -> sandbox.cards().settle("card_authorization_nope"), 404,
                "Card authorization card_authorization_nope not found");
        assertRefused(() -> sandbox.cards().authorization("card_authorization_nope"), 404,
                "Card authorization card_authorization_nope not found");
        assertRefused(() -> sandbox.cards().authorizations("card_nope"), 404, "Card card_nope not found");
        assertRefused(() -> sandbox.cards().settle(FIXTURE_HOLD, 0), 400, "amount must be a positive number");
        assertRefused(() -> sandbox.cards().authorize(office(), new CardPayment(1_00, "5411", "US", "later")), 400,
                "settlement must be one of the following values: immediate, held");
        assertThat(sandbox.cards().authorization(FIXTURE_HOLD).pending()).isTrue();
    }

    private static void assertRefused(Runnable call, int status, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(SandboxException.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.messages()).containsExactly(message);
        });
    }
}
