package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Settling and reversing a held card payment: settle posts one card settlement of any positive amount (a partial
 * capture, a tip) and releases the whole hold, reverse releases it and posts nothing, and only a pending
 * authorization moves (anything else is a 409 that changes nothing).
 */
class CardHoldSettlementsTest extends CardHoldsTestBase {

    // ---- settle --------------------------------------------------------------------------------

    @Test
    void settlingReleasesTheHoldAndPostsOneCardSettlementOfTheHeldAmountByDefault() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 12_345);
        int transactions = transactionCount();

        ApiClient.Response settled = settle(id, null);

        assertThat(settled.status()).as(settled.toString()).isEqualTo(200);
        JsonNode answer = settled.json();
        String transactionId = answer.get("transaction_id").asText();
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 12_345, GROCERY, "settled", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("settled_amount", 12_345);
        expected.put("settled_at", NOW);
        expected.put("transaction_id", transactionId);
        assertThat(answer).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 12_345);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 12_345);
        assertThat(transactionCount()).isEqualTo(transactions + 1);

        JsonNode transaction = api.get("/v0/transactions/" + transactionId).json();
        assertThat(transaction.get("amount").asLong()).isEqualTo(-12_345);
        assertThat(transaction.get("account_id").asText()).isEqualTo(RIVERSIDE_OPERATING);
        assertThat(transaction.get("occurred_at").asText()).isEqualTo(NOW);
        assertThat(transaction.get("source")).isEqualTo(json(Map.of("category", "card_settlement",
                "card_settlement", Map.of("card_id", OFFICE, "card_authorization_id", id))));
        assertThat(fieldNames(transaction.at("/source/card_settlement"))).containsExactly("card_id",
                "card_authorization_id");
    }

    @Test
    void anImmediatePaymentsTransactionNamesTheCardOnly() {
        assertApproved(Authorizations.authorize(api, OFFICE, 1_000, GROCERY));
        String transactionId = state().get("card_payments").get(0).get("transaction_id").asText();
        assertThat(api.get("/v0/transactions/" + transactionId).json().get("source")).isEqualTo(json(Map.of(
                "category", "card_settlement", "card_settlement", Map.of("card_id", OFFICE))));
        JsonNode stored = rows("transactions", "id", transactionId).get(0);
        assertThat(fieldNames(stored)).doesNotContain("card_authorization_id");
    }

    @Test
    void aPartialCaptureReleasesTheWholeHoldAndPostsTheLowerAmount() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 20_000);

        JsonNode answer = settle(id, Map.of("amount", 15_000)).json();

        assertThat(answer.get("amount").asLong()).isEqualTo(20_000);
        assertThat(answer.get("settled_amount").asLong()).isEqualTo(15_000);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 15_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 15_000);
        assertThat(api.get("/v0/transactions/" + answer.get("transaction_id").asText()).json().get("amount").asLong())
                .isEqualTo(-15_000);
    }

    @Test
    void aTipSettlesAboveTheHeldAmount() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 10_000);

        JsonNode answer = settle(id, Map.of("amount", 12_000)).json();

        assertThat(answer.get("settled_amount").asLong()).isEqualTo(12_000);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 12_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 12_000);
    }

    @Test
    void aCaptureAboveTheAvailableBalanceStillPostsAndTakesItBelowZero() {
        // Harbor: 15000 on the account; hold 10000, spend the other 5000, then the merchant captures 12000
        String id = holdId(HARBOR, 10_000);
        assertApproved(Authorizations.authorize(api, HARBOR, 5_000, GROCERY));
        assertThat(available(HARBOR_OPERATING)).isZero();

        ApiClient.Response settled = settle(id, Map.of("amount", 12_000));

        assertThat(settled.status()).isEqualTo(200);
        assertThat(available(HARBOR_OPERATING)).isEqualTo(-2_000);
        assertThat(total(HARBOR_OPERATING)).isEqualTo(-2_000);
        assertDeclined(Authorizations.authorize(api, HARBOR, 1, GROCERY), "insufficient_funds");
    }

    @Test
    void settlingFiresTransactionCreatedWithTheAuthorizationInTheSource() throws Exception {
        assertThat(control.post("/_sandbox/webhooks", Map.of("url", "inbox"), null).status()).isEqualTo(201);
        String id = holdId(OFFICE, 4_200);
        JsonNode settled = settle(id, null).json();

        // the delivery commits with the settlement: it is there at once (waited for generously all the same)
        JsonNode delivery = Await.until("a delivery of the settlement", java.time.Duration.ofSeconds(60), () -> {
            for (JsonNode d : control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data")) {
                if (settled.get("transaction_id").asText().equals(d.at("/body/transaction/id").asText())) {
                    return d;
                }
            }
            return null;
        }, java.util.Objects::nonNull);
        assertThat(delivery).as("a delivery of the settlement").isNotNull();
        assertThat(delivery.get("event").asText()).isEqualTo("transaction.created");
        assertThat(delivery.at("/body/transaction/amount").asLong()).isEqualTo(-4_200);
        assertThat(delivery.at("/body/transaction/source")).isEqualTo(json(Map.of("category", "card_settlement",
                "card_settlement", Map.of("card_id", OFFICE, "card_authorization_id", id))));
        // the hold itself sent nothing: the only delivery is the settlement's
        assertThat(control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data").size()).isEqualTo(1);
    }

    @Test
    void aSettlementAmountBelowOneOrNotAnIntegerIsRefusedAndChangesNothing() {
        String id = holdId(OFFICE, 1_000);
        long available = available(RIVERSIDE_OPERATING);

        assertError(settle(id, Map.of("amount", 0)), 400, "Bad Request", List.of("amount must be a positive number"));
        assertError(settle(id, Map.of("amount", "ten")), 400, "Bad Request", List.of("amount must be an integer number"));
        assertError(settle(id, Map.of("tip", 100)), 400, "Bad Request", List.of("property tip should not exist"));

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
    }

    @Test
    void aHoldOnACardCanceledSinceStillSettles() {
        String id = holdId(OFFICE, 2_500);
        assertThat(api.delete("/v0/cards/" + OFFICE).status()).isEqualTo(200);
        assertThat(settle(id, null).json().get("status").asText()).isEqualTo("settled");
    }

    // ---- reverse -------------------------------------------------------------------------------

    @Test
    void reversingReleasesTheHoldAndPostsNothing() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 7_700);
        int transactions = transactionCount();

        ApiClient.Response reversed = reverse(id);

        assertThat(reversed.status()).isEqualTo(200);
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 7_700, GROCERY, "reversed", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("reversed_at", NOW);
        assertThat(reversed.json()).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertThat(transactionCount()).isEqualTo(transactions);
    }

    // ---- not pending, unknown ------------------------------------------------------------------

    @Test
    void onlyAPendingAuthorizationMovesAnyOtherIsAConflictThatChangesNothing() {
        String settled = holdId(OFFICE, 1_000);
        String reversed = holdId(OFFICE, 1_000);
        assertThat(settle(settled, null).status()).isEqualTo(200);
        assertThat(reverse(reversed).status()).isEqualTo(200);
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        int transactions = transactionCount();

        assertError(settle(settled, null), 409, "Conflict",
                "Card authorization " + settled + " is settled; only a pending card authorization can be settled");
        assertError(reverse(settled), 409, "Conflict",
                "Card authorization " + settled + " is settled; only a pending card authorization can be reversed");
        assertError(settle(reversed, Map.of("amount", 5)), 409, "Conflict",
                "Card authorization " + reversed + " is reversed; only a pending card authorization can be settled");
        assertError(reverse(reversed), 409, "Conflict",
                "Card authorization " + reversed + " is reversed; only a pending card authorization can be reversed");

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertThat(transactionCount()).isEqualTo(transactions);
    }

    @Test
    void anUnknownAuthorizationIsNotFound() {
        String unknown = "card_authorization_nope";
        String message = "Card authorization " + unknown + " not found";
        assertError(settle(unknown, null), 404, "Not Found", message);
        assertError(reverse(unknown), 404, "Not Found", message);
        assertError(api.get("/_sandbox/card-authorizations/" + unknown), 404, "Not Found", message);
    }
}
