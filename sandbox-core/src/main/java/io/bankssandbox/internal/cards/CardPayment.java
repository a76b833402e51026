package io.bankssandbox.internal.cards;

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
        String transactionId) {}
