package io.bankssandbox.internal.lockbox;

import java.time.Instant;
import java.util.List;

/** A mail item as {@code GET /v0/entities/{id}/mail} shows it: provider mail, naming the entity instead. */
public record EntityMailItemView(String id, String entityId, String fileId, long amount,
                                 List<MailItemView.CheckDepositView> checks, Instant receivedAt) {

    public static EntityMailItemView of(MailItem item) {
        MailItemView view = MailItemView.of(item);
        return new EntityMailItemView(view.id(), view.providerId(), view.fileId(), view.amount(), view.checks(),
                view.receivedAt());
    }
}
