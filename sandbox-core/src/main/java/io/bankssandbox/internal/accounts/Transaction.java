package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import java.time.Instant;

/**
 * One move of an account's {@code total_balance}. Every move is exactly one transaction, and each
 * account starts with an {@code opening_balance} one, so an account's transactions sum to its total
 * balance. {@code sourceCategory} is the vendor's category ({@code inbound_ach_transfer},
 * {@code inbound_ach_transfer_return}, {@code check_deposit}, {@code check_deposit_return},
 * {@code card_settlement}, {@code ach_transfer_intention}, {@code internal_transfer},
 * {@code opening_balance}); {@code sourceId} the id of what moved the money (null for an opening
 * balance); {@code counterpartyAccountId} the other side of an internal or external transfer.
 */
public record Transaction(
        String id,
        String accountId,
        long amount,
        Instant occurredAt,
        String description,
        String sourceCategory,
        String sourceId,
        String counterpartyAccountId) {
    /** This row's table in every sandbox state: {@code state.table(Transaction.TABLE)}. */
    public static final TableKind<Transaction> TABLE = TableKind.newestFirst("transactions", 80, Transaction.class, Transaction::id, t -> new SortKey(t.occurredAt(), t.id()), Transaction::accountId);


    /** The category of the transaction an account starts with. */
    public static final String OPENING_BALANCE = "opening_balance";
}
