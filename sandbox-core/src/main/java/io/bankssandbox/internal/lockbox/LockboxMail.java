package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.lockbox.MailReceived;
import io.bankssandbox.internal.lockbox.CheckDepositMoved;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.externalaccounts.RoutingNumbers;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A provider's lockbox: the mail scanned there, the checks deposited from it and their holds.
 * A submitted check credits the account's {@code total_balance} when the mail is received and its
 * {@code available_balance} when the hold releases; a rejected check moves nothing. Two sandbox
 * extensions reach the other documented statuses: a {@code pending} check (scanned, not yet deposited)
 * moves nothing until it is submitted, and a submitted check may be returned by the paying bank, which
 * takes its amount back in one {@code check_deposit_return} transaction.
 */
public final class LockboxMail {
    /** Timeline kind of a hold release; the timeline id is {@code <mail item id>/<check deposit id>}. */
    public static final String HOLD_RELEASE = "check_deposit.hold_release";
    /** How long a deposited check is held; the default fixtures hold their checks the same way. */
    public static final Duration HOLD = Duration.ofDays(1);

    private LockboxMail() {}

    /** Why a returned check came back when the simulation names no reason: the classic bounced check. */
    public static final String DEFAULT_RETURN_REASON = "insufficient_funds";

    /**
     * A check found in arriving mail: status {@code submitted} (null means the same), {@code rejected},
     * or {@code pending} (scanned, not deposited until submitted); {@code micr} null means one is made up.
     */
    public record IncomingCheck(long amount, String status, CheckDeposit.Micr micr) {}

    /**
     * Mail arriving at a provider's lockbox ({@code POST /_sandbox/providers/{id}/mail}, or the handle's
     * {@code lockbox().receiveMail}): its checks (possibly none) and when it arrived (null: the sandbox's now).
     */
    public record IncomingMail(List<IncomingCheck> checks, Instant receivedAt) {}

    /** The provider's mail received inside the window, newest first; 404 for a provider the caller can't see. */
    public static List<MailItem> list(SandboxState state, Caller caller, String providerId, ReceivedWindow window) {
        EntityDirectory.provider(state, caller, providerId);
        if (window.isEmpty()) {
            return List.of();
        }
        // The mail table lists newest first, so the newer bound comes first in the partition's order.
        SortKey newest = new SortKey(window.to() != null ? window.to() : Instant.MAX, "\uffff");
        SortKey oldest = new SortKey(window.from() != null ? window.from() : Instant.MIN, "");
        return List.copyOf(state.table(MailItem.TABLE).inPartitionBetween(providerId, newest, oldest));
    }

    /**
     * A page of an entity's mail received inside the window, newest first; not found for an entity the
     * caller can't see. An entity without a lockbox receives no mail, so its pages are empty.
     */
    public static Page<MailItem> pageForEntity(SandboxState state, Caller caller, String entityId, ReceivedWindow window,
                                               SortKey after, int limit) {
        EntityDirectory.get(state, caller, entityId);
        if (window.isEmpty()) {
            return new Page<>(List.of(), false, null);
        }
        return state.table(MailItem.TABLE).page(List.of(entityId), m -> window.contains(m.receivedAt()), after, limit);
    }

    /**
     * Mail arriving at a provider's lockbox, received now when it says no time. It is deposited into the
     * provider's first account; each submitted check is posted at once and held until {@code received_at}
     * + {@link #HOLD}.
     */
    public static MailItem receive(SandboxState state, Caller caller, String providerId, IncomingMail mail, Instant now) {
        Entity provider = EntityDirectory.provider(state, caller, providerId);
        Instant at = mail.receivedAt() != null ? mail.receivedAt() : now;
        if (at.isAfter(now)) {
            throw DomainException.invalid("received_at must not be in the future (the sandbox clock is at " + now + ")");
        }
        Iterator<Account> accounts = state.table(Account.TABLE).inPartition(provider.id()).iterator();
        if (!accounts.hasNext()) {
            throw DomainException.conflict("Provider " + provider.id() + " has no account to deposit checks into");
        }
        return deposit(state, provider, accounts.next().id(), mail.checks(), at);
    }

    /**
     * Mail arriving now at the lockbox of {@code provider} whose checks are deposited into
     * {@code accountId} (an account of the provider): a payer's check mailed for an insurance payment
     * into the account it pays. As {@link #receive}, each submitted check posts at once and is held.
     */
    public static MailItem receiveInto(SandboxState state, Entity provider, String accountId, List<IncomingCheck> checks,
                                       Instant now) {
        return deposit(state, provider, accountId, checks, now);
    }

    private static MailItem deposit(SandboxState state, Entity provider, String accountId, List<IncomingCheck> incomingChecks,
                                    Instant at) {
        String mailId = state.ids.next("inbound_mail_item_");
        String fileId = state.ids.next("file_");
        List<CheckDeposit> checks = new ArrayList<>();
        for (IncomingCheck incoming : incomingChecks == null ? List.<IncomingCheck>of() : incomingChecks) {
            String checkId = state.ids.next("check_deposit_");
            if (CheckDeposit.REJECTED.equals(incoming.status())) {
                checks.add(new CheckDeposit(checkId, incoming.amount(), null, CheckDeposit.REJECTED, null, null));
                continue;
            }
            CheckDeposit.Micr micr = incoming.micr() != null ? incoming.micr() : madeUpMicr(state);
            if (CheckDeposit.PENDING.equals(incoming.status())) {
                checks.add(new CheckDeposit(checkId, incoming.amount(), null, CheckDeposit.PENDING, null, micr));
                continue;
            }
            String transactionId = Ledger.post(state, null, accountId, incoming.amount(), 0, at, "Check deposit",
                    "check_deposit", checkId, null).id();
            checks.add(new CheckDeposit(checkId, incoming.amount(), transactionId, CheckDeposit.SUBMITTED,
                    new CheckDeposit.Hold(CheckDeposit.Hold.HELD, at.plus(HOLD), null), micr));
        }
        MailItem item = new MailItem(mailId, provider.id(), accountId, fileId, List.copyOf(checks), at);
        state.table(MailItem.TABLE).put(item);
        scheduleHolds(state, item);
        state.events.publish(new MailReceived(item, at));
        return item;
    }

    /**
     * A pending check is deposited now: its amount is posted to the mail's account ({@code total_balance}
     * only) and held until now + {@link #HOLD}, as if the mail had arrived now. Not pending: conflict.
     */
    public static CheckDeposits.Located submit(SandboxState state, Caller caller, String checkDepositId, Instant now) {
        CheckDeposits.Located located = CheckDeposits.get(state, caller, checkDepositId);
        CheckDeposit check = located.check();
        if (!CheckDeposit.PENDING.equals(check.status())) {
            throw DomainException.conflict("Check deposit " + check.id() + " is " + check.status()
                    + "; only a pending check deposit can be submitted");
        }
        String transactionId = Ledger.post(state, null, located.item().accountId(), check.amount(), 0, now,
                "Check deposit", "check_deposit", check.id(), null).id();
        CheckDeposit submitted = new CheckDeposit(check.id(), check.amount(), transactionId, CheckDeposit.SUBMITTED,
                new CheckDeposit.Hold(CheckDeposit.Hold.HELD, now.plus(HOLD), null), check.micr());
        MailItem item = replace(state, located.item(), submitted);
        scheduleHolds(state, item);
        state.events.publish(new CheckDepositMoved(submitted, item.accountId(), "check_deposit.submitted", now));
        return new CheckDeposits.Located(item, submitted);
    }

    /**
     * The paying bank returns a submitted check: one {@code check_deposit_return} transaction takes the
     * amount back from {@code total_balance}. A hold still held ends with the return (released now): the
     * amount it kept back never becomes available, so {@code available_balance} stays put; after the
     * release the amount is taken from {@code available_balance} too. Not submitted: conflict.
     */
    public static CheckDeposits.Located returnDeposit(SandboxState state, Caller caller, String checkDepositId,
                                                      String reason, Instant now) {
        CheckDeposits.Located located = CheckDeposits.get(state, caller, checkDepositId);
        CheckDeposit check = located.check();
        if (!CheckDeposit.SUBMITTED.equals(check.status())) {
            throw DomainException.conflict("Check deposit " + check.id() + " is " + check.status()
                    + "; only a submitted check deposit can be returned");
        }
        boolean held = isHeld(check);
        String why = reason != null ? reason : DEFAULT_RETURN_REASON;
        String transactionId = Ledger.post(state, null, located.item().accountId(), -check.amount(),
                held ? 0 : -check.amount(), now, "Check deposit return: " + why, "check_deposit_return", check.id(),
                null).id();
        CheckDeposit.Hold hold = held
                ? new CheckDeposit.Hold(CheckDeposit.Hold.RELEASED, check.hold().automaticallyReleasesAt(), now)
                : check.hold();
        CheckDeposit returned = new CheckDeposit(check.id(), check.amount(), check.transactionId(), CheckDeposit.RETURNED,
                hold, check.micr(), new CheckDeposit.DepositReturn(why, now, transactionId));
        // the hold's timeline entry may stay: a release finds the check no longer held and does nothing
        MailItem item = replace(state, located.item(), returned);
        state.events.publish(new CheckDepositMoved(returned, item.accountId(), "check_deposit.returned", now));
        return new CheckDeposits.Located(item, returned);
    }

    private static MailItem replace(SandboxState state, MailItem item, CheckDeposit changed) {
        List<CheckDeposit> checks = new ArrayList<>(item.checks());
        checks.replaceAll(check -> check.id().equals(changed.id()) ? changed : check);
        MailItem updated = item.withChecks(List.copyOf(checks));
        state.table(MailItem.TABLE).put(updated);
        return updated;
    }

    /** Puts every hold still held on the timeline (loaded or imported data). */
    public static void schedule(SandboxState state) {
        for (MailItem item : state.table(MailItem.TABLE).all()) {
            scheduleHolds(state, item);
        }
    }

    private static void scheduleHolds(SandboxState state, MailItem item) {
        for (CheckDeposit check : item.checks()) {
            if (isHeld(check)) {
                state.timeline.schedule(check.hold().automaticallyReleasesAt(), HOLD_RELEASE, item.id() + "/" + check.id());
            }
        }
    }

    /**
     * The timeline's hold release: the hold becomes {@code released} at its release time and the
     * check's amount becomes available. Nothing happens when the hold is no longer held.
     */
    public static void releaseHold(SandboxState state, String timelineId, Instant at) {
        int slash = timelineId.indexOf('/');
        MailItem item = state.table(MailItem.TABLE).get(timelineId.substring(0, slash));
        String checkId = timelineId.substring(slash + 1);
        if (item == null) {
            return;
        }
        List<CheckDeposit> checks = new ArrayList<>(item.checks());
        for (int i = 0; i < checks.size(); i++) {
            CheckDeposit check = checks.get(i);
            if (!check.id().equals(checkId) || !isHeld(check)) {
                continue;
            }
            CheckDeposit.Hold hold = check.hold();
            CheckDeposit released = check.withHold(new CheckDeposit.Hold(CheckDeposit.Hold.RELEASED,
                    hold.automaticallyReleasesAt(), at));
            checks.set(i, released);
            state.table(MailItem.TABLE).put(item.withChecks(List.copyOf(checks)));
            Ledger.moveAvailable(state, item.accountId(), check.amount());
            state.events.publish(new CheckDepositMoved(released, item.accountId(), "check_deposit.hold_released", at));
            return;
        }
    }

    private static boolean isHeld(CheckDeposit check) {
        return CheckDeposit.SUBMITTED.equals(check.status()) && check.hold() != null
                && CheckDeposit.Hold.HELD.equals(check.hold().status());
    }

    /** A plausible MICR line: an ABA-valid routing number, an account number and a check serial. */
    private static CheckDeposit.Micr madeUpMicr(SandboxState state) {
        // a leading 0 keeps the Federal Reserve district in the valid 01..09 range
        String routing = RoutingNumbers.withCheckDigit("0" + state.ids.nextDigits(7));
        return new CheckDeposit.Micr(routing, state.ids.nextDigits(10), null,
                String.valueOf(1000 + Long.parseLong(state.ids.nextDigits(5))));
    }
}
