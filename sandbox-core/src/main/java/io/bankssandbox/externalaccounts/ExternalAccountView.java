package io.bankssandbox.externalaccounts;

import java.time.Instant;

/** An external account as the API shows it: holder name and address are kept but not shown. */
public record ExternalAccountView(String id, String entityId, String nickname, String holderType,
                                  String routingNumber, String accountNumber, String status, Instant createdAt) {

    public static ExternalAccountView of(ExternalAccount a) {
        return new ExternalAccountView(a.id(), a.entityId(), a.nickname(), a.holderType(), a.routingNumber(),
                a.accountNumber(), a.status(), a.createdAt());
    }
}
