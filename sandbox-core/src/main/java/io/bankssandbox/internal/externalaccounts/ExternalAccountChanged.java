package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.externalaccounts.ExternalAccount;
import java.time.Instant;

/** An external account was created or archived ({@code external_account.active}, {@code .archived}). */
public record ExternalAccountChanged(ExternalAccount account, Instant occurredAt) implements StatusChanged {
    @Override
    public String type() {
        return "external_account." + (ExternalAccount.ACTIVE.equals(account.status()) ? "created" : account.status());
    }

    @Override
    public String id() {
        return account.id();
    }
}
