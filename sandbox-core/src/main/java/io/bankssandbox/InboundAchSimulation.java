package io.bankssandbox;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An inbound ACH transfer to simulate ({@code POST /_sandbox/inbound-ach-transfers}). A positive
 * amount credits the account, a negative one debits it; null fields take the sandbox's defaults.
 *
 * <pre>{@code
 * sandbox.inboundAch().simulate(InboundAchSimulation.of(accountId, 125_00).withAddenda("TRN*1*12345*1512345678~"));
 * }</pre>
 */
public record InboundAchSimulation(
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

    public static InboundAchSimulation of(String accountId, long amount) {
        return new InboundAchSimulation(accountId, amount, null, null, null, null, null, null, null, null, null);
    }

    public InboundAchSimulation withOriginator(String companyName, String entryDescription) {
        return new InboundAchSimulation(accountId, amount, companyName, entryDescription, standardEntryClassCode,
                addenda, resolvesTo, declineReason, automaticallyResolvesAt, effectiveDate, traceNumber);
    }

    public InboundAchSimulation withStandardEntryClassCode(String code) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                code, addenda, resolvesTo, declineReason, automaticallyResolvesAt, effectiveDate, traceNumber);
    }

    public InboundAchSimulation withAddenda(String... lines) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, List.of(lines), resolvesTo, declineReason, automaticallyResolvesAt,
                effectiveDate, traceNumber);
    }

    /** When the clock passes {@code automatically_resolves_at}, accept it whatever the balance. */
    public InboundAchSimulation resolvingAccepted() {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, addenda, "accepted", null, automaticallyResolvesAt, effectiveDate, traceNumber);
    }

    /** When the clock passes {@code automatically_resolves_at}, decline it with {@code reason} (null: payment_stopped). */
    public InboundAchSimulation resolvingDeclined(String reason) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, addenda, "declined", reason, automaticallyResolvesAt, effectiveDate,
                traceNumber);
    }

    public InboundAchSimulation resolvingAt(Instant at) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, addenda, resolvesTo, declineReason, at, effectiveDate, traceNumber);
    }

    public InboundAchSimulation withEffectiveDate(LocalDate date) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, addenda, resolvesTo, declineReason, automaticallyResolvesAt, date, traceNumber);
    }

    public InboundAchSimulation withTraceNumber(String trace) {
        return new InboundAchSimulation(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                standardEntryClassCode, addenda, resolvesTo, declineReason, automaticallyResolvesAt, effectiveDate, trace);
    }
}
