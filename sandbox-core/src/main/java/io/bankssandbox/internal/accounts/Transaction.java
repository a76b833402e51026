package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One move of an account's {@code total_balance}. Every move is exactly one transaction, and each
 * account starts with an {@code opening_balance} one, so an account's transactions sum to its total
 * balance. {@code sourceCategory} is the vendor's category ({@code inbound_ach_transfer},
 * {@code inbound_ach_transfer_return}, {@code check_deposit}, {@code check_deposit_return},
 * {@code card_settlement}, {@code ach_transfer_intention}, {@code internal_transfer},
 * {@code opening_balance}); {@code sourceId} the id of what moved the money (null for an opening
 * balance); {@code counterpartyAccountId} the other side of an internal or external transfer;
 * {@code cardAuthorizationId} the held card authorization a {@code card_settlement} settles (null for
 * every other transaction, and then absent from the state document, which keeps its older shape).
 */
public record Transaction(
        String id,
        String accountId,
        long amount,
        Instant occurredAt,
        String description,
        String sourceCategory,
        String sourceId,
        String counterpartyAccountId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String cardAuthorizationId) {
    /** This row's table in every sandbox state: {@code state.table(Transaction.TABLE)}. */
    public static final TableKind<Transaction> TABLE = TableKind.newestFirst("transactions", 80, Transaction.class, Transaction::id, t -> new SortKey(t.occurredAt(), t.id()), Transaction::accountId);


    /** A transaction of no card authorization (every one but the settlement of a held card payment). */
    public Transaction(String id, String accountId, long amount, Instant occurredAt, String description,
                       String sourceCategory, String sourceId, String counterpartyAccountId) {
        this(id, accountId, amount, occurredAt, description, sourceCategory, sourceId, counterpartyAccountId, null);
    }

    /** The category of the transaction an account starts with. */
    public static final String OPENING_BALANCE = "opening_balance";
}
