package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonView;
import io.bankssandbox.internal.state.Json;
import java.time.Instant;

/**
 * A saved recipient for outbound transfers, as stored and as the API shows it: holder name and
 * address are kept (in the state export) but never shown. Never edited: archived and created anew.
 */
public record ExternalAccount(
        String id,
        String entityId,
        String nickname,
        String holderType,
        @JsonView(Json.Kept.class) String holderName,
        @JsonView(Json.Kept.class) HolderAddress holderAddress,
        String routingNumber,
        String accountNumber,
        String status,
        Instant createdAt) {
    /** This row's table in every sandbox state: {@code state.table(ExternalAccount.TABLE)}. */
    public static final TableKind<ExternalAccount> TABLE = TableKind.newestFirst("external_accounts", 70, ExternalAccount.class, ExternalAccount::id, x -> new SortKey(x.createdAt(), x.id()), ExternalAccount::entityId)
            .withRowRules(account -> ExternalAccountBook.violations(account.routingNumber()).stream()
                    .map(v -> ": " + v).toList());


    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";

    public record HolderAddress(String line1, String line2, String city, String state, String postalCode,
                                String country) {}

    public ExternalAccount archived() {
        return new ExternalAccount(id, entityId, nickname, holderType, holderName, holderAddress, routingNumber,
                accountNumber, ARCHIVED, createdAt);
    }
}
