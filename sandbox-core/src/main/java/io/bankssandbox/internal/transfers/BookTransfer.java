package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import java.time.Instant;
import java.util.List;

/**
 * An instant move of money between two accounts of the sandbox. It is complete the moment it
 * exists: {@code transactionIds} holds the debit on the source, then the credit on the destination.
 */
public record BookTransfer(
        String id,
        String sourceAccountId,
        String destinationAccountId,
        long amount,
        String description,
        String status,
        List<String> transactionIds,
        Instant createdAt) {
    /** This row's table in every sandbox state: {@code state.table(BookTransfer.TABLE)}. */
    public static final TableKind<BookTransfer> TABLE = TableKind.newestFirst("book_transfers", 100, BookTransfer.class, BookTransfer::id, b -> new SortKey(b.createdAt(), b.id()), BookTransfer::sourceAccountId);


    public static final String COMPLETE = "complete";

    public BookTransfer {
        transactionIds = List.copyOf(transactionIds);
    }
}
