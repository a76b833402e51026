package io.bankssandbox;

import io.bankssandbox.lockbox.CheckDeposit;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Lockbox mail to simulate ({@code POST /_sandbox/providers/{id}/mail}): its checks, and when it
 * was received (null: the sandbox's now).
 */
public record MailSimulation(List<Check> checks, Instant receivedAt) {

    /**
     * One check; status {@code submitted} (null means the same), {@code rejected}, or {@code pending}
     * (scanned, not deposited until {@link CheckDepositControls#submit}); micr optional.
     */
    public record Check(long amount, String status, CheckDeposit.Micr micr) {
        public static Check submitted(long amount) {
            return new Check(amount, CheckDeposit.SUBMITTED, null);
        }

        public static Check rejected(long amount) {
            return new Check(amount, CheckDeposit.REJECTED, null);
        }

        public static Check pending(long amount) {
            return new Check(amount, CheckDeposit.PENDING, null);
        }
    }

    /** Mail with one submitted check per amount. */
    public static MailSimulation ofChecks(long... amounts) {
        return new MailSimulation(Arrays.stream(amounts).mapToObj(Check::submitted).toList(), null);
    }

    public static MailSimulation of(Check... checks) {
        return new MailSimulation(List.of(checks), null);
    }

    public MailSimulation receivedAt(Instant at) {
        return new MailSimulation(checks, at);
    }
}
