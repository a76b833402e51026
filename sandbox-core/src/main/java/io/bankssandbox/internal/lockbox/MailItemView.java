package io.bankssandbox.internal.lockbox;

import java.time.Instant;
import java.util.List;

/** An inbound mail item as {@code GET /v0/providers/{id}/mail} shows it; {@code amount} is the sum of its checks. */
public record MailItemView(String id, String providerId, String fileId, long amount, List<CheckDepositView> checks,
                           Instant receivedAt) {

    public static MailItemView of(MailItem item) {
        return new MailItemView(item.id(), item.providerId(), item.fileId(), item.amount(),
                item.checks().stream().map(CheckDepositView::of).toList(), item.receivedAt());
    }

    /** A check deposit inside a mail item: the stored check, field for field. */
    public record CheckDepositView(String id, long amount, String transactionId, String status,
                                   CheckDeposit.Hold hold, CheckDeposit.Micr micr) {
        public static CheckDepositView of(CheckDeposit check) {
            return new CheckDepositView(check.id(), check.amount(), check.transactionId(), check.status(),
                    check.hold(), check.micr());
        }
    }
}
