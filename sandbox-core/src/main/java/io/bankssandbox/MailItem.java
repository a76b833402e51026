package io.bankssandbox;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A piece of mail a provider's lockbox received and scanned, as {@code GET /v0/providers/{id}/mail}
 * answers it, with the checks found in it.
 *
 * @param fileId the scanned PDF ({@code GET /v0/files/{id}})
 * @param amount cents: the total of its checks, 0 with none
 */
public record MailItem(String id, String providerId, String fileId, long amount, List<Check> checks,
                       Instant receivedAt) {

    public MailItem {
        checks = List.copyOf(checks);
    }

    /**
     * A check found in the mail and deposited: {@link CheckDeposit#SUBMITTED} checks credit the account
     * (the total balance at once, the available balance when the hold releases); rejected ones move
     * nothing and have no hold, MICR line or transaction.
     */
    public record Check(String id, long amount, String transactionId, String status, Hold hold, Micr micr) {}

    /**
     * The hold on a deposited check: {@link #HELD} until {@code automaticallyReleasesAt}, then
     * {@link #RELEASED} ({@code releasedAt} set).
     */
    public record Hold(String status, Instant automaticallyReleasesAt, Instant releasedAt) {
        public static final String HELD = "held";
        public static final String RELEASED = "released";
    }

    /** The check's MICR line; {@code serialNumber} is the check number (an ERA's check number when a payer pays by check). */
    public record Micr(String routingNumber, String accountNumber, String auxiliaryOnUs, String serialNumber) {}

    /**
     * Mail to simulate ({@code POST /_sandbox/providers/{id}/mail}).
     *
     * @param receivedAt null for now
     */
    public record Incoming(List<IncomingCheck> checks, Instant receivedAt) {
        public Incoming {
            checks = List.copyOf(checks);
        }

        /** Mail with one submitted check per amount (cents), received now. */
        public static Incoming withChecks(long... amounts) {
            return new Incoming(Arrays.stream(amounts).mapToObj(IncomingCheck::submitted).toList(), null);
        }

        /** Mail with these checks, received now. */
        public static Incoming of(IncomingCheck... checks) {
            return new Incoming(List.of(checks), null);
        }

        /** The same mail, received at {@code at} (holds due by now release at once). */
        public Incoming receivedAt(Instant at) {
            return new Incoming(checks, at);
        }
    }

    /**
     * A check in simulated mail.
     *
     * @param status {@link CheckDeposit#SUBMITTED}, {@link CheckDeposit#REJECTED} or {@link CheckDeposit#PENDING}
     * @param micr null for a generated MICR line
     */
    public record IncomingCheck(long amount, String status, Micr micr) {
        public static IncomingCheck submitted(long amount) {
            return new IncomingCheck(amount, CheckDeposit.SUBMITTED, null);
        }

        public static IncomingCheck rejected(long amount) {
            return new IncomingCheck(amount, CheckDeposit.REJECTED, null);
        }

        /** A check that waits to be deposited by hand ({@code sandbox.checkDeposits().submit(id)}). */
        public static IncomingCheck pending(long amount) {
            return new IncomingCheck(amount, CheckDeposit.PENDING, null);
        }

        public IncomingCheck withMicr(Micr line) {
            return new IncomingCheck(amount, status, line);
        }
    }
}
