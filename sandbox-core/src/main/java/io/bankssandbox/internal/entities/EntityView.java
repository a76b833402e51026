package io.bankssandbox.internal.entities;

import java.time.Instant;

/** An entity (a practice) as {@code GET /v0/entities} and {@code GET /v0/entities/{id}} show it (no lockbox: that is the provider's view). */
public record EntityView(String id, Instant createdAt, String name, String structure, String npi,
                         Entity.Address address) {
    public static EntityView of(Entity e) {
        return new EntityView(e.id(), e.createdAt(), e.name(), e.structure(), e.npi(), e.address());
    }
}
