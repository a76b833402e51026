package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.lockbox.MailItem;
import java.time.Instant;

/** Mail arrived at a provider's lockbox, with its checks (those submitted are deposited at once). */
public record MailReceived(MailItem item, Instant occurredAt) implements StatusChanged {
    @Override
    public String type() {
        return "inbound_mail_item.created";
    }

    @Override
    public String id() {
        return item.id();
    }
}
