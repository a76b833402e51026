package io.bankssandbox.internal.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A card as the API shows it: the requested limits followed by the ones the service applies to
 * every card, and the categories blocked on every card.
 */
public record CardView(
        String id,
        Instant createdAt,
        String entityId,
        String bankAccountId,
        String nickname,
        @JsonProperty("last_4") String last4,
        String status,
        AuthorizationControls authorizationControls) {

    public record AuthorizationControls(Usage usage, Object merchantAcceptorIdentifier,
                                        MerchantCategoryCode merchantCategoryCode, Object merchantCountry) {}

    public record Usage(String category, MultiUse multiUse) {}

    public record MultiUse(List<SpendingLimit> spendingLimits) {}

    public record MerchantCategoryCode(List<String> allowed, List<String> blocked) {}

    public static CardView of(Card card, CardPolicy policy) {
        return new CardView(card.id(), card.createdAt(), card.entityId(), card.bankAccountId(), card.nickname(),
                card.last4(), card.status(), new AuthorizationControls(
                        new Usage("multi_use", new MultiUse(effectiveLimits(card, policy))),
                        null,
                        new MerchantCategoryCode(null, List.copyOf(policy.blockedMerchantCategoryCodes())),
                        null));
    }

    /** Every limit enforced on the card: its own, then the service's. */
    public static List<SpendingLimit> effectiveLimits(Card card, CardPolicy policy) {
        List<SpendingLimit> limits = new ArrayList<>(card.spendingLimits());
        limits.addAll(policy.spendingLimits());
        return limits;
    }
}
