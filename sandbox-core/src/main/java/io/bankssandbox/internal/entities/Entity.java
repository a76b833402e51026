package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * A practice. An entity with an NPI is also a provider and then has a lockbox address; the
 * fixture validation makes sure the two come together.
 */
public record Entity(
        String id,
        Instant createdAt,
        String name,
        String structure,
        String npi,
        Address address,
        LockboxAddress lockboxAddress) {
    /** This row's table in every sandbox state: {@code state.table(Entity.TABLE)}. */
    public static final TableKind<Entity> TABLE = TableKind.oldestFirst("entities", 10, Entity.class, Entity::id, e -> new SortKey(e.createdAt(), e.id()), Entity::id)
            .withRowRules(entity -> NpiCheckDigit.violations("npi", entity.npi()).stream().map(v -> "/npi: " + v).toList());

    @JsonIgnore
    public boolean isProvider() {
        return npi != null && lockboxAddress != null;
    }

    public record Address(String line1, String line2, String city, String state,
                          @JsonProperty("postalCode") String postalCode) {}

    public record LockboxAddress(String recipientName, String line1, String line2, String city, String state,
                                 @JsonProperty("postalCode") String postalCode) {}
}
