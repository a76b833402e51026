package io.bankssandbox;

import java.time.Instant;

/**
 * A practice (an entity), as {@code GET /v0/entities/{id}} answers it. A provider is an entity with
 * an NPI; it has a lockbox.
 *
 * @param npi the 10-digit national provider identifier, or null
 */
public record Entity(String id, Instant createdAt, String name, String structure, String npi, Address address) {
    // structure, every word the contract allows
    /** A federally qualified health center. */
    public static final String FQHC = "fqhc";
    /** A government body (a county health department). */
    public static final String GOVT = "govt";
    public static final String PROFESSIONAL_CORPORATION = "professional_corporation";
    public static final String PROFESSIONAL_LLC = "professional_llc";
    public static final String LLC = "llc";
    public static final String CORPORATION = "corporation";
    public static final String PARTNERSHIP = "partnership";
    /** A sole proprietorship. */
    public static final String SOLE_PROP = "sole_prop";
    public static final String NONPROFIT = "nonprofit";

    /** A postal address; {@code line2} may be empty (null is taken as empty, as the API writes it). */
    public record Address(String line1, String line2, String city, String state, String postalCode) {
        public Address {
            line2 = line2 == null ? "" : line2;
        }
    }

    /** Whether this entity is a provider (has an NPI, and so a lockbox). */
    public boolean isProvider() {
        return npi != null;
    }
}
