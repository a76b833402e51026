package io.bankssandbox;

/**
 * How the issuer answered a card payment: {@link #APPROVED} (the account is debited, or for a held
 * payment its amount held, and the payment counts toward the card's limits) or {@link #DECLINED} with
 * the reason, and for {@link #BREACHES_LIMIT} the limit that bound. Checks run in a fixed order: card not active,
 * blocked merchant category, limits from the narrowest interval to the widest, then funds.
 *
 * @param declineReason null when approved
 * @param limit the limit that would have been exceeded; null unless {@link #BREACHES_LIMIT}
 * @param authorization the hold an approved {@linkplain CardPayment#held() held} payment placed
 *     (pending); null for a payment that settled at once and for a declined one
 */
public record CardDecision(String decision, String declineReason, Card.SpendingLimit limit,
                           CardAuthorization authorization) {
    public static final String APPROVED = "approved";
    public static final String DECLINED = "declined";
    /** Declined: the card is canceled. */
    public static final String CARD_CANCELED = "card_canceled";
    /** Declined: the card is not active (disabled). */
    public static final String CARD_NOT_ACTIVE = "card_not_active";
    /** Declined: the merchant category is blocked on every card. */
    public static final String TRANSACTION_NOT_ALLOWED = "transaction_not_allowed";
    /** Declined: a spending limit, named in {@code limit}, would be exceeded. */
    public static final String BREACHES_LIMIT = "breaches_limit";
    /** Declined: the account's available balance does not cover the payment. */
    public static final String INSUFFICIENT_FUNDS = "insufficient_funds";

    /** A decision that placed no hold. */
    public CardDecision(String decision, String declineReason, Card.SpendingLimit limit) {
        this(decision, declineReason, limit, null);
    }

    public boolean approved() {
        return APPROVED.equals(decision);
    }
}
