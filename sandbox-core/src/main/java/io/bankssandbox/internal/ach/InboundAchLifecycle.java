package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.ach.InboundAchTransferMoved;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything that happens to an inbound ACH transfer: it arrives pending, then is accepted or
 * declined (by hand, or automatically when the clock passes {@code automatically_resolves_at}), and
 * an accepted one may be returned. Acceptance and return are the only moves that touch balances,
 * each through exactly one {@link Ledger} posting.
 */
public final class InboundAchLifecycle {
    /** The timeline kind of automatic resolution. */
    public static final String RESOLVE = "inbound_ach_transfer.resolve";

    /** What the vendor (Increase) reports for a debit the balance cannot cover. */
    public static final String INSUFFICIENT_FUNDS = "insufficient_funds";
    /** The decline reason when none is given: the receiver stopped the payment. */
    public static final String PAYMENT_STOPPED = "payment_stopped";
    /** How long a transfer waits for action when nobody says otherwise (docs/reference.md, inbound ACH). */
    public static final Duration DEFAULT_RESOLUTION_DELAY = Duration.ofHours(1);

    private static final String KIND = "Inbound ACH transfer";

    /**
     * An inbound ACH transfer arriving ({@code POST /_sandbox/inbound-ach-transfers}, or the handle's
     * {@code inboundAch().simulate}). A positive amount credits the account, a negative one debits it;
     * null fields take the sandbox's defaults. (The handle's builder is the public
     * {@code InboundAchTransfer.Arrival}.)
     */
    public record Arrival(
            String accountId,
            long amount,
            String originatorCompanyName,
            String originatorCompanyEntryDescription,
            String standardEntryClassCode,
            List<String> addenda,
            String resolvesTo,
            String declineReason,
            Instant automaticallyResolvesAt,
            LocalDate effectiveDate,
            String traceNumber) {
        // the fields' shapes, and that decline_reason comes only with resolves_to declined, are the
        // request's schema (SimulateInboundAchTransferRequest), which the typed handle checks too
    }

    private InboundAchLifecycle() {}

    /** A page of the transfers the caller sees, newest first; only one account's when {@code accountId} is given. */
    public static Page<InboundAchTransfer> list(SandboxState state, Caller caller, String accountId, SortKey after,
                                                int limit) {
        return state.table(InboundAchTransfer.TABLE).page(AccountBook.partitions(state, caller, accountId), t -> true, after, limit);
    }

    /** The transfer, or not found when unknown or on an account the caller cannot see. */
    public static InboundAchTransfer get(SandboxState state, Caller caller, String id) {
        InboundAchTransfer transfer = state.table(InboundAchTransfer.TABLE).get(id);
        if (transfer == null) {
            throw DomainException.notFound(KIND, id);
        }
        Account account = state.table(Account.TABLE).get(transfer.accountId());
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound(KIND, id);
        }
        return transfer;
    }

    /** A transfer arrives, pending, and waits on the timeline for its automatic resolution. */
    public static InboundAchTransfer arrive(SandboxState state, Arrival arrival, Instant now) {
        List<String> violations = new ArrayList<>();
        Instant resolvesAt = arrival.automaticallyResolvesAt() != null
                ? arrival.automaticallyResolvesAt() : now.plus(DEFAULT_RESOLUTION_DELAY);
        if (resolvesAt.isBefore(now)) {
            violations.add("automatically_resolves_at must not be before the sandbox's current time "
                    + Json.timestamp(now));
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        Account account = state.table(Account.TABLE).get(arrival.accountId());
        if (account == null) {
            throw DomainException.notFound("Account", arrival.accountId());
        }
        String declineReason = InboundAchTransfer.DECLINED.equals(arrival.resolvesTo())
                ? (arrival.declineReason() != null ? arrival.declineReason() : PAYMENT_STOPPED) : null;
        List<String> addenda = arrival.addenda() == null || arrival.addenda().isEmpty()
                ? null : List.copyOf(arrival.addenda());
        InboundAchTransfer transfer = new InboundAchTransfer(
                state.ids.next("inbound_ach_transfer_"),
                now,
                account.id(),
                arrival.amount(),
                InboundAchTransfer.PENDING,
                arrival.standardEntryClassCode() != null ? arrival.standardEntryClassCode() : "CCD",
                arrival.effectiveDate() != null ? arrival.effectiveDate() : LocalDate.ofInstant(now, ZoneOffset.UTC),
                resolvesAt,
                arrival.originatorCompanyName() != null ? arrival.originatorCompanyName() : "SANDBOX ORIGINATOR",
                arrival.originatorCompanyEntryDescription() != null
                        ? arrival.originatorCompanyEntryDescription() : "PAYMENT",
                // 8 digits of the sending bank's routing number, then its 7-digit sequence
                arrival.traceNumber() != null ? arrival.traceNumber() : "02100002" + state.ids.nextDigits(7),
                null, null, null, null, null,
                addenda,
                arrival.resolvesTo(),
                declineReason);
        state.table(InboundAchTransfer.TABLE).put(transfer);
        state.timeline.schedule(resolvesAt, RESOLVE, transfer.id());
        state.events.publish(new InboundAchTransferMoved(transfer, now));
        return transfer;
    }

    /** Puts every pending transfer's automatic resolution on the timeline (loaded or imported data). */
    public static void scheduleAll(SandboxState state) {
        List<InboundAchTransfer> pending = new ArrayList<>();
        for (InboundAchTransfer transfer : state.table(InboundAchTransfer.TABLE).all()) {
            if (InboundAchTransfer.PENDING.equals(transfer.status())) {
                pending.add(transfer);
            }
        }
        // the table lists newest first; scheduling oldest first makes transfers due at the same
        // instant resolve in the order they arrived, as transfers created at run time do
        for (int i = pending.size() - 1; i >= 0; i--) {
            state.timeline.schedule(pending.get(i).automaticallyResolvesAt(), RESOLVE, pending.get(i).id());
        }
    }

    /**
     * The clock passed {@code automatically_resolves_at}: a forced outcome wins; otherwise a credit is
     * accepted, and a debit is accepted when the available balance covers it, else declined.
     */
    public static void resolve(SandboxState state, String id, Instant at) {
        InboundAchTransfer transfer = state.table(InboundAchTransfer.TABLE).get(id);
        if (transfer == null || !InboundAchTransfer.PENDING.equals(transfer.status())
                || transfer.automaticallyResolvesAt().isAfter(at)) {
            return; // moved by hand meanwhile: nothing left to resolve
        }
        if (InboundAchTransfer.DECLINED.equals(transfer.resolvesTo())) {
            decline(state, transfer, transfer.declineReason() != null ? transfer.declineReason() : PAYMENT_STOPPED, at);
            return;
        }
        boolean covered = transfer.amount() > 0
                || state.table(Account.TABLE).get(transfer.accountId()).availableBalance() >= -transfer.amount();
        if (InboundAchTransfer.ACCEPTED.equals(transfer.resolvesTo()) || covered) {
            accept(state, transfer, at);
        } else {
            decline(state, transfer, INSUFFICIENT_FUNDS, at);
        }
    }

    /** Accepts a pending transfer now, whatever the balance (the control API forces it). */
    public static InboundAchTransfer accept(SandboxState state, String id, Instant at) {
        InboundAchTransfer transfer = existing(state, id);
        requireStatus(transfer, InboundAchTransfer.PENDING, "accepted");
        return accept(state, transfer, at);
    }

    /** Declines a pending transfer now; {@code reason} null means {@code payment_stopped}. */
    public static InboundAchTransfer decline(SandboxState state, String id, String reason, Instant at) {
        InboundAchTransfer transfer = existing(state, id);
        requireStatus(transfer, InboundAchTransfer.PENDING, "declined");
        return decline(state, transfer, reason != null ? reason : PAYMENT_STOPPED, at);
    }

    /** Returns an accepted transfer: the balance move is reversed by a return transaction. */
    public static InboundAchTransfer returnTransfer(SandboxState state, String id, String reason, Instant at) {
        InboundAchTransfer transfer = existing(state, id);
        requireStatus(transfer, InboundAchTransfer.ACCEPTED, "returned");
        Transaction reversal = Ledger.post(state, null, transfer.accountId(), -transfer.amount(), -transfer.amount(),
                at, "Return of " + description(transfer), "inbound_ach_transfer_return", transfer.id(), null);
        InboundAchTransfer returned = transfer.returnedFor(reason, at, reversal.id());
        state.table(InboundAchTransfer.TABLE).put(returned);
        state.events.publish(new InboundAchTransferMoved(returned, at));
        return returned;
    }

    private static InboundAchTransfer accept(SandboxState state, InboundAchTransfer transfer, Instant at) {
        Transaction posted = Ledger.post(state, null, transfer.accountId(), transfer.amount(), transfer.amount(), at,
                description(transfer), "inbound_ach_transfer", transfer.id(), null);
        InboundAchTransfer accepted = transfer.accepted(at, posted.id());
        state.table(InboundAchTransfer.TABLE).put(accepted);
        // an insurance payment's ERA waits for the transaction that pays it: the ERA feature reacts to this
        state.events.publish(new InboundAchTransferMoved(accepted, at));
        return accepted;
    }

    private static InboundAchTransfer decline(SandboxState state, InboundAchTransfer transfer, String reason,
                                              Instant at) {
        InboundAchTransfer declined = transfer.declinedFor(reason, at);
        state.table(InboundAchTransfer.TABLE).put(declined);
        state.events.publish(new InboundAchTransferMoved(declined, at));
        return declined;
    }

    private static InboundAchTransfer existing(SandboxState state, String id) {
        InboundAchTransfer transfer = state.table(InboundAchTransfer.TABLE).get(id);
        if (transfer == null) {
            throw DomainException.notFound(KIND, id);
        }
        return transfer;
    }

    private static void requireStatus(InboundAchTransfer transfer, String required, String target) {
        if (!required.equals(transfer.status())) {
            throw DomainException.conflict(KIND + " " + transfer.id() + " is " + transfer.status() + "; only a "
                    + required + " transfer can be " + target);
        }
    }

    private static String description(InboundAchTransfer transfer) {
        return transfer.originatorCompanyName() + " " + transfer.originatorCompanyEntryDescription();
    }
}
