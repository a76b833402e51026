package io.bankssandbox.internal.era;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The two halves of an insurance payment arriving apart, as payers send them: the ERA {@code era_delay}
 * after its payment posts (the ACH credit's acceptance, or the check's deposit), or the ACH credit
 * {@code payment_delay} after the ERA. Both are transitions on the sandbox clock, so a delayed half
 * appears when the clock passes its time, reported by the advance ({@code era.received},
 * {@code inbound_ach_transfer.created}); what waits is kept on the ERA row ({@link Era}), so exports,
 * imports, fixtures and the state file carry it and a loaded state schedules it again.
 */
public final class EraArrivals {
    /** Timeline kind: an ERA on its way is received; the timeline id is the ERA's id. */
    public static final String RECEIVE = "era.receive";
    /** Timeline kind: the ACH credit paying an ERA arrives; the timeline id is the ERA's id. */
    public static final String PAYMENT_ARRIVES = "era.payment_arrives";
    /** How the ACH credit of an insurance payment names its originator's purpose (NACHA's healthcare EFT). */
    static final String ENTRY_DESCRIPTION = "HCCLAIMPMT";

    private EraArrivals() {}

    /**
     * A delay as its schema ({@code Delay} in the OpenAPI document: an ISO 8601 duration from PT0S to
     * P365D) admits it, read; null text is no delay. The request's schema and the fixture rows' both
     * refuse any other text, so this only reads.
     */
    static Duration delay(String text, String field) {
        if (text == null) {
            return null;
        }
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw DomainException.unreadable(field, text);
        }
    }

    /** The rules on one ERA row about what it still waits for, each a sentence naming the field. */
    static List<String> rowViolations(Era era) {
        List<String> violations = new ArrayList<>();
        if (era.receivedAt() == null && era.eraDelay() == null) {
            violations.add("received_at may be null only on an ERA on its way, which has an era_delay");
        }
        if (era.receivedAt() != null && (era.eraDelay() != null || era.receivesAt() != null)) {
            violations.add("era_delay and receives_at are only on an ERA not yet received (received_at null)");
        }
        boolean byCheck = Era.Payment.CHECK.equals(era.payment().method());
        if (byCheck && era.eraDelay() != null && era.receivesAt() == null) {
            violations.add("a check-paid ERA on its way needs receives_at: its check was deposited when the mail"
                    + " arrived, so the time it is received is known");
        }
        if ((era.paymentArrivesAt() == null) != (era.paymentAccountId() == null)) {
            violations.add("payment_arrives_at and payment_account_id come together: when the ACH credit arrives,"
                    + " and into which account");
        }
        if (era.paymentArrivesAt() != null && (byCheck || era.transactionId() != null)) {
            violations.add("payment_arrives_at is only on an ACH-paid ERA whose payment has not arrived"
                    + " (method ach, transaction_id null)");
        }
        if (era.receivesAt() != null && era.paymentArrivesAt() != null) {
            violations.add("receives_at is known only once the payment posted, so never with payment_arrives_at");
        }
        return violations;
    }

    /** Puts what every loaded ERA still waits for on the timeline (fixtures, imports, the state file). */
    public static void scheduleAll(SandboxState state) {
        for (Era era : state.table(Era.TABLE).all()) {
            if (!era.isReceived() && era.receivesAt() != null) {
                state.timeline.schedule(era.receivesAt(), RECEIVE, era.id());
            }
            if (era.paymentArrivesAt() != null) {
                state.timeline.schedule(era.paymentArrivesAt(), PAYMENT_ARRIVES, era.id());
            }
        }
    }

    /** An ERA on its way is now known to arrive at {@code at}: kept, scheduled, and received now when due now. */
    static Era receiveAt(SandboxState state, Era era, Instant at, Instant now) {
        Era scheduled = era.receivingAt(at);
        state.table(Era.TABLE).put(scheduled);
        state.timeline.schedule(at, RECEIVE, era.id());
        if (!at.isAfter(now)) {
            return receive(state, scheduled, at);
        }
        return scheduled;
    }

    /** The timeline's receipt: the ERA is received at its time. Nothing happens when it no longer waits. */
    public static void receive(SandboxState state, String eraId, Instant at) {
        Era era = state.table(Era.TABLE).get(eraId);
        if (era == null || era.isReceived() || era.receivesAt() == null || era.receivesAt().isAfter(at)) {
            return;
        }
        receive(state, era, era.receivesAt());
    }

    private static Era receive(SandboxState state, Era era, Instant at) {
        Era received = era.received(at);
        state.table(Era.TABLE).put(received);
        state.events.publish(new EraReceived(received, at));
        return received;
    }

    /**
     * The timeline's payment: the ACH credit of an ERA sent ahead of its money arrives, pending, into
     * the account it pays, with the TRN and REF addenda every insurance payment carries; it resolves an
     * hour later as any other. Nothing happens when it already arrived.
     */
    public static void paymentArrives(SandboxState state, String eraId, Instant at) {
        Era era = state.table(Era.TABLE).get(eraId);
        if (era == null || era.paymentArrivesAt() == null || era.paymentArrivesAt().isAfter(at)) {
            return;
        }
        Account account = state.table(Account.TABLE).get(era.paymentAccountId());
        state.table(Era.TABLE).put(era.paymentArrived());
        InboundAchLifecycle.arrive(state, InsurancePayments.achCredit(account.id(), era.payment().amount(), era.payer(),
                era.payment().checkNumber(), era.entityId()), at);
    }

    /**
     * An ACH credit of the entity resolved: an ERA on its way that waits for it (accepted: the ERA it
     * pays; declined: the unpaid ERA whose TRN reference and amount it carries, which will never be
     * paid by it) is received {@code era_delay} later. The ERA is received whether the money came or
     * not, as a payer sends its 835 either way.
     */
    public static void paymentResolved(SandboxState state, String entityId, InboundAchTransfer transfer, Instant at) {
        boolean accepted = InboundAchTransfer.ACCEPTED.equals(transfer.status());
        String reference = EraDirectory.trnReference(transfer.addenda());
        for (Era era : List.copyOf(state.table(Era.TABLE).inPartition(entityId))) {
            if (era.isReceived() || era.eraDelay() == null || era.receivesAt() != null
                    || !Era.Payment.ACH.equals(era.payment().method())) {
                continue;
            }
            boolean waitsForIt = accepted ? transfer.transactionId() != null && transfer.transactionId().equals(era.transactionId())
                    : era.transactionId() == null && era.payment().amount() == transfer.amount()
                    && era.payment().checkNumber().equals(reference);
            if (waitsForIt) {
                receiveAt(state, era, at.plus(Duration.parse(era.eraDelay())), at);
                return;
            }
        }
    }
}
