package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A virtual debit card as stored. {@code spendingLimits} holds only what was requested: the
 * service-applied controls come from the fixture policy when the card is rendered, so a policy
 * change shows on every card at once. {@code issuedVia} is {@code api} or {@code web_app}; cards
 * issued in the web app are invisible to the API (404).
 */
public record Card(
        String id,
        Instant createdAt,
        String entityId,
        String bankAccountId,
        String nickname,
        @JsonProperty("last_4") String last4,
        String status,
        List<SpendingLimit> spendingLimits,
        String issuedVia) {
    /** This row's table in every sandbox state: {@code state.table(Card.TABLE)}. */
    public static final TableKind<Card> TABLE = TableKind.oldestFirst("cards", 30, Card.class, Card::id, c -> new SortKey(c.createdAt(), c.id()), Card::bankAccountId)
            .withRowRules(card -> SpendingLimitRules.violations(card.spendingLimits()).stream().map(v -> "/spending_limits: " + v).toList());


    public static final String ACTIVE = "active";
    public static final String DISABLED = "disabled";
    public static final String CANCELED = "canceled";

    public boolean visibleToApi() {
        return !"web_app".equals(issuedVia);
    }

    public Card withStatus(String newStatus) {
        return new Card(id, createdAt, entityId, bankAccountId, nickname, last4, newStatus, spendingLimits, issuedVia);
    }
}
