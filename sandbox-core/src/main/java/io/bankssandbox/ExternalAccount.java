package io.bankssandbox;

import java.time.Instant;

/**
 * A saved recipient of outbound transfers, as {@code GET /v0/external-accounts/{id}} answers it.
 * Archived ones ({@link #ARCHIVED}) still read, but lists leave them out.
 */
public record ExternalAccount(String id, String entityId, String nickname, String holderType, String routingNumber,
                              String accountNumber, String status, Instant createdAt) {
    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";
    /** {@code holderType}: the recipient is a business. */
    public static final String BUSINESS = "business";
    /** {@code holderType}: the recipient is a person. */
    public static final String INDIVIDUAL = "individual";
}
