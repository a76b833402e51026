package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.transfers.BookTransferCompleted;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Book transfers: instant moves between two accounts the caller sees. */
public final class BookTransfers {
    public static final String CATEGORY = "internal_transfer";

    /** Money to move ({@code POST /v0/book-transfer}); {@code description} may be null. */
    public record Move(String sourceAccountId, String destinationAccountId, long amount, String description) {}

    private BookTransfers() {}

    public static BookTransfer create(SandboxState state, Caller caller, Move move, Instant now) {
        Account source = AccountBook.get(state, caller, move.sourceAccountId());
        Account destination = AccountBook.get(state, caller, move.destinationAccountId());
        List<String> violations = new ArrayList<>();
        if (source.id().equals(destination.id())) {
            violations.add("destination_account_id must be a different account than source_account_id");
        } else if (move.amount() > source.availableBalance()) {
            violations.add("amount must not exceed the available balance of account " + source.id() + " ("
                    + source.availableBalance() + ")");
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        String id = state.ids.next("book_transfer_");
        String description = move.description();
        Transaction debit = Ledger.post(state, null, source.id(), -move.amount(), -move.amount(), now,
                description != null ? description : "Transfer to " + destination.name(), CATEGORY, id, destination.id());
        Transaction credit = Ledger.post(state, null, destination.id(), move.amount(), move.amount(), now,
                description != null ? description : "Transfer from " + source.name(), CATEGORY, id, source.id());
        BookTransfer transfer = new BookTransfer(id, source.id(), destination.id(), move.amount(), description,
                BookTransfer.COMPLETE, List.of(debit.id(), credit.id()), now);
        state.table(BookTransfer.TABLE).put(transfer);
        state.events.publish(new BookTransferCompleted(transfer));
        return transfer;
    }

    /** The transfer, when the caller sees either of its accounts; else not found. */
    public static BookTransfer get(SandboxState state, Caller caller, String id) {
        BookTransfer transfer = state.table(BookTransfer.TABLE).get(id);
        if (transfer == null || !(sees(state, caller, transfer.sourceAccountId())
                || sees(state, caller, transfer.destinationAccountId()))) {
            throw DomainException.notFound("Book transfer", id);
        }
        return transfer;
    }

    private static boolean sees(SandboxState state, Caller caller, String accountId) {
        Account account = state.table(Account.TABLE).get(accountId);
        return account != null && caller.canSee(account.entityId());
    }
}
