package io.bankssandbox.externalaccounts;

import java.time.Instant;

/** A saved recipient for outbound transfers. Never edited: archived and created anew instead. */
public record ExternalAccount(
        String id,
        String entityId,
        String nickname,
        String holderType,
        String holderName,
        HolderAddress holderAddress,
        String routingNumber,
        String accountNumber,
        String status,
        Instant createdAt) {

    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";

    public record HolderAddress(String line1, String line2, String city, String state, String postalCode,
                                String country) {}

    public ExternalAccount archived() {
        return new ExternalAccount(id, entityId, nickname, holderType, holderName, holderAddress, routingNumber,
                accountNumber, ARCHIVED, createdAt);
    }
}
