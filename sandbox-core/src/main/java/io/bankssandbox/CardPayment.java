package io.bankssandbox;

/**
 * A card payment a merchant asks the card network to make ({@code POST /_sandbox/cards/{id}/authorizations}).
 *
 * <pre>{@code
 * CardDecision decision = sandbox.cards().authorize(cardId, CardPayment.of(150_00, "5734"));
 * CardDecision held = sandbox.cards().authorize(cardId, CardPayment.of(86_40, "5812").held());
 * }</pre>
 *
 * @param amount cents, positive
 * @param merchantCategoryCode four digits
 * @param merchantCountry ISO 3166-1 alpha-2; {@code US} by default
 * @param settlement {@link #IMMEDIATE} (the default: an approved payment posts at once) or {@link #HELD}
 *     (an approved payment holds its amount until it is settled, reversed or expires; see
 *     {@link CardAuthorization})
 */
public record CardPayment(long amount, String merchantCategoryCode, String merchantCountry, String settlement) {
    /** An approved payment posts one {@code card_settlement} transaction at once. */
    public static final String IMMEDIATE = "immediate";
    /** An approved payment holds its amount on the account; nothing posts until it settles. */
    public static final String HELD = "held";

    public CardPayment {
        settlement = settlement == null ? IMMEDIATE : settlement;
    }

    /** A payment that settles at once. */
    public CardPayment(long amount, String merchantCategoryCode, String merchantCountry) {
        this(amount, merchantCategoryCode, merchantCountry, IMMEDIATE);
    }

    /** A payment at a US merchant. */
    public static CardPayment of(long amount, String merchantCategoryCode) {
        return new CardPayment(amount, merchantCategoryCode, "US");
    }

    /** The same payment at a merchant in {@code country}. */
    public CardPayment in(String country) {
        return new CardPayment(amount, merchantCategoryCode, country, settlement);
    }

    /** The same payment, held when approved rather than posted ({@code "settlement": "held"}). */
    public CardPayment held() {
        return new CardPayment(amount, merchantCategoryCode, merchantCountry, HELD);
    }
}
