package io.bankssandbox;

/**
 * A card payment a merchant asks the card network to make ({@code POST /_sandbox/cards/{id}/authorizations}).
 *
 * <pre>{@code
 * CardDecision decision = sandbox.cards().authorize(cardId, CardPayment.of(150_00, "5734"));
 * }</pre>
 *
 * @param amount cents, positive
 * @param merchantCategoryCode four digits
 * @param merchantCountry ISO 3166-1 alpha-2; {@code US} by default
 */
public record CardPayment(long amount, String merchantCategoryCode, String merchantCountry) {

    /** A payment at a US merchant. */
    public static CardPayment of(long amount, String merchantCategoryCode) {
        return new CardPayment(amount, merchantCategoryCode, "US");
    }

    /** The same payment at a merchant in {@code country}. */
    public CardPayment in(String country) {
        return new CardPayment(amount, merchantCategoryCode, country);
    }
}
