package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.transfers.AchTransferMoved;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.externalaccounts.ExternalAccount;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Outbound ACH transfers and their life on the sandbox clock. The money leaves the account when the
 * transfer is created (one {@code ach_transfer_intention} transaction). A {@code pending} transfer
 * is submitted at the next half hour (:00 or :30), unless it is over
 * {@link AchTransfer#APPROVAL_THRESHOLD} and not yet approved; the funds settle on the next business
 * day, which sets {@code settled_at} while the status stays {@code submitted}. Rejecting or
 * canceling a pending transfer, or returning a submitted one, gives the money back with one more
 * transaction.
 */
public final class AchTransfers {
    public static final String INTENTION = "ach_transfer_intention";
    public static final String REJECTION = "ach_transfer_rejection";
    public static final String RETURN = "ach_transfer_return";
    public static final String SUBMIT = "ach_transfer.submit";
    public static final String SETTLE = "ach_transfer.settle";
    public static final String DEFAULT_RETURN_REASON = "no_account";

    private static final Duration HALF_HOUR = Duration.ofMinutes(30);

    /**
     * Money to send ({@code POST /v0/ach-transfer}): {@code destinationAccountId} is an external account
     * of the source's entity; {@code description} may be null.
     */
    public record Send(String sourceAccountId, String destinationAccountId, long amount, String description) {}

    /** A created transfer and the transaction that took the money. */
    public record Sent(AchTransfer transfer, Transaction transaction) {}

    private AchTransfers() {}

    public static Sent create(SandboxState state, Caller caller, Send send, Instant now) {
        Account source = AccountBook.get(state, caller, send.sourceAccountId());
        ExternalAccount destination = state.table(ExternalAccount.TABLE).get(send.destinationAccountId());
        if (destination == null || !caller.canSee(destination.entityId())) {
            throw DomainException.notFound("External account", send.destinationAccountId());
        }
        List<String> violations = new ArrayList<>();
        if (!destination.entityId().equals(source.entityId())) {
            violations.add("destination_account_id must be an external account of the source account's entity");
        } else if (!ExternalAccount.ACTIVE.equals(destination.status())) {
            violations.add("destination_account_id must be an active external account (" + destination.id() + " is "
                    + destination.status() + ")");
        }
        if (send.amount() > source.availableBalance()) {
            violations.add("amount must not exceed the available balance of account " + source.id() + " ("
                    + source.availableBalance() + ")");
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        String id = state.ids.next("ach_transfer_");
        String description = send.description();
        Entity entity = state.table(Entity.TABLE).get(source.entityId());
        String descriptor = description != null && !description.isBlank() ? description : entity.name();
        Transaction transaction = Ledger.post(state, null, source.id(), -send.amount(), -send.amount(), now,
                "ACH transfer to " + destination.nickname(), INTENTION, id, destination.id());
        AchTransfer transfer = new AchTransfer(id, now, source.id(), destination.id(), send.amount(), description,
                descriptor, AchTransfer.PENDING, transaction.id(), null, null, null, null, null);
        state.table(AchTransfer.TABLE).put(transfer);
        scheduleNext(state, transfer);
        state.events.publish(new AchTransferMoved(transfer, "ach_transfer.created", now));
        return new Sent(transfer, transaction);
    }

    /** The transfer, when the caller sees its account; else not found. */
    public static AchTransfer get(SandboxState state, Caller caller, String id) {
        AchTransfer transfer = state.table(AchTransfer.TABLE).get(id);
        if (transfer == null) {
            throw DomainException.notFound("ACH transfer", id);
        }
        Account account = state.table(Account.TABLE).get(transfer.accountId());
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound("ACH transfer", id);
        }
        return transfer;
    }

    /** Lets a transfer over the threshold go: it is submitted at the next half hour. */
    public static AchTransfer approve(SandboxState state, String id, Instant now) {
        AchTransfer transfer = require(state, id);
        if (!AchTransfer.PENDING.equals(transfer.status()) || !transfer.requiresApproval()
                || transfer.approvedAt() != null) {
            throw DomainException.conflict("ACH transfer " + id + " is not awaiting approval (status "
                    + transfer.status() + ", amount " + transfer.amount() + ")");
        }
        AchTransfer approved = transfer.approved(now);
        state.table(AchTransfer.TABLE).put(approved);
        scheduleNext(state, approved);
        state.events.publish(new AchTransferMoved(approved, "ach_transfer.approved", now));
        return approved;
    }

    /** Refused before submission (by the bank): the money goes back. */
    public static AchTransfer reject(SandboxState state, String id, Instant now) {
        return giveBackPending(state, id, AchTransfer.REJECTED, now);
    }

    /** Withdrawn before submission (by the sender): the money goes back. */
    public static AchTransfer cancel(SandboxState state, String id, Instant now) {
        return giveBackPending(state, id, AchTransfer.CANCELED, now);
    }

    /** Sent back by the receiving bank after submission: the money goes back. */
    public static AchTransfer returnTransfer(SandboxState state, String id, String reason, Instant now) {
        AchTransfer transfer = require(state, id);
        if (!AchTransfer.SUBMITTED.equals(transfer.status())) {
            throw DomainException.conflict("ACH transfer " + id + " is " + transfer.status()
                    + "; only a submitted transfer can be returned");
        }
        Transaction back = Ledger.post(state, null, transfer.accountId(), transfer.amount(), transfer.amount(), now,
                "Return of ACH transfer " + id, RETURN, id, transfer.externalAccountId());
        AchTransfer returned = transfer.reversed(AchTransfer.RETURNED,
                new AchTransfer.Return(reason != null ? reason : DEFAULT_RETURN_REASON, now), back.id());
        state.table(AchTransfer.TABLE).put(returned);
        state.events.publish(new AchTransferMoved(returned, "ach_transfer.returned", now));
        return returned;
    }

    private static AchTransfer giveBackPending(SandboxState state, String id, String status, Instant now) {
        AchTransfer transfer = require(state, id);
        if (!AchTransfer.PENDING.equals(transfer.status())) {
            throw DomainException.conflict("ACH transfer " + id + " is " + transfer.status()
                    + "; only a pending transfer can be " + status);
        }
        Transaction back = Ledger.post(state, null, transfer.accountId(), transfer.amount(), transfer.amount(), now,
                (AchTransfer.REJECTED.equals(status) ? "Rejected" : "Canceled") + " ACH transfer " + id, REJECTION, id,
                transfer.externalAccountId());
        AchTransfer reversed = transfer.reversed(status, null, back.id());
        state.table(AchTransfer.TABLE).put(reversed);
        state.events.publish(new AchTransferMoved(reversed, "ach_transfer." + status, now));
        return reversed;
    }

    /** Clock transition: a pending transfer is handed to the network. */
    public static void submit(SandboxState state, String id, Instant at) {
        AchTransfer transfer = state.table(AchTransfer.TABLE).get(id);
        if (transfer == null || !transfer.awaitsSubmission() || at.isBefore(submissionAt(transfer))) {
            return;
        }
        AchTransfer submitted = transfer.submitted(new AchTransfer.Submission(at, nextBusinessDay(at)));
        state.table(AchTransfer.TABLE).put(submitted);
        scheduleNext(state, submitted);
        state.events.publish(new AchTransferMoved(submitted, "ach_transfer.submitted", at));
    }

    /** Clock transition: the funds reached the receiving bank. */
    public static void settle(SandboxState state, String id, Instant at) {
        AchTransfer transfer = state.table(AchTransfer.TABLE).get(id);
        if (transfer == null || !AchTransfer.SUBMITTED.equals(transfer.status()) || transfer.settledAt() != null) {
            return;
        }
        AchTransfer settled = transfer.settled(at);
        state.table(AchTransfer.TABLE).put(settled);
        state.events.publish(new AchTransferMoved(settled, "ach_transfer.settled", at));
    }

    /** Puts the transfer's next clock step on the timeline, if it waits for one. */
    public static void scheduleNext(SandboxState state, AchTransfer transfer) {
        if (transfer.awaitsSubmission()) {
            state.timeline.schedule(submissionAt(transfer), SUBMIT, transfer.id());
        } else if (AchTransfer.SUBMITTED.equals(transfer.status()) && transfer.settledAt() == null
                && transfer.submission() != null) {
            state.timeline.schedule(transfer.submission().expectedFundsSettlementAt(), SETTLE, transfer.id());
        }
    }

    /** When a pending transfer goes out: the first half hour after it was created, or approved. */
    static Instant submissionAt(AchTransfer transfer) {
        return nextHalfHour(transfer.approvedAt() != null ? transfer.approvedAt() : transfer.createdAt());
    }

    /** The first :00 or :30 strictly after {@code at}. */
    public static Instant nextHalfHour(Instant at) {
        long slot = HALF_HOUR.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(at.toEpochMilli(), slot) * slot + slot);
    }

    /** The same time of day on the next day that is not a Saturday or Sunday (UTC). */
    public static Instant nextBusinessDay(Instant at) {
        ZonedDateTime day = at.atZone(ZoneOffset.UTC).plusDays(1);
        while (day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY) {
            day = day.plusDays(1);
        }
        return day.toInstant();
    }

    private static AchTransfer require(SandboxState state, String id) {
        AchTransfer transfer = state.table(AchTransfer.TABLE).get(id);
        if (transfer == null) {
            throw DomainException.notFound("ACH transfer", id);
        }
        return transfer;
    }
}
