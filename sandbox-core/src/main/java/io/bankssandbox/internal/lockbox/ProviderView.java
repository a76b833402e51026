package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.entities.Entity;

/** A provider as {@code GET /v0/providers/{id}} shows it: the entity seen through its lockbox. */
public record ProviderView(String id, String name, String structure, String npi, Entity.LockboxAddress lockboxAddress) {

    public static ProviderView of(Entity entity) {
        return new ProviderView(entity.id(), entity.name(), entity.structure(), entity.npi(), entity.lockboxAddress());
    }
}
