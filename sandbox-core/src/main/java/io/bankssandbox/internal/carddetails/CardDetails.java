package io.bankssandbox.internal.carddetails;

import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.cards.CardNumbers;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.SplittableRandom;

/**
 * The sensitive details of a test card: number, expiry and CVV, derived from the card so the same
 * card always shows the same details. Only the card details page shows them; the API never does.
 */
public record CardDetails(String cardId, String last4, String pan, YearMonth expiry, String cvv) {

    /** Cards are valid for three years from the month they were issued. */
    private static final int VALID_YEARS = 3;

    public static CardDetails of(Card card) {
        YearMonth issued = YearMonth.from(card.createdAt().atZone(ZoneOffset.UTC));
        SplittableRandom random = new SplittableRandom(card.id().hashCode() * 131L + 17);
        return new CardDetails(card.id(), card.last4(), CardNumbers.pan(card.id(), card.last4()),
                issued.plusYears(VALID_YEARS), String.format("%03d", random.nextInt(1000)));
    }

    /** {@code MM/YY}, as printed on a card. */
    public String expiryText() {
        return String.format("%02d/%02d", expiry.getMonthValue(), expiry.getYear() % 100);
    }
}
