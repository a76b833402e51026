package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import java.time.Instant;

/**
 * An approved card payment. Kept per card in time order so that a spending-limit window (a day,
 * a week, a month, all time) is one range read; declined attempts are not kept, since only approved
 * spend counts toward a limit. {@code transactionId} names the account debit (null only for a
 * historical payment a fixture gives without its transaction).
 */
public record CardPayment(
        String id,
        String cardId,
        String accountId,
        long amount,
        String merchantCategoryCode,
        String merchantCountry,
        Instant authorizedAt,
        String transactionId) {
    /** This row's table in every sandbox state: {@code state.table(CardPayment.TABLE)}. */
    public static final TableKind<CardPayment> TABLE = TableKind.oldestFirst("card_payments", 90, CardPayment.class, CardPayment::id, p -> new SortKey(p.authorizedAt(), p.id()), CardPayment::cardId);
}
