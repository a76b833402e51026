package io.bankssandbox.internal.transactions;

import io.bankssandbox.internal.accounts.Transaction;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A transaction as the API shows it: {@code source} names what moved the money under a key named
 * after its category ({@code {category: "check_deposit", check_deposit: {check_deposit_id}}}), and
 * {@code counterparty} the other side of a transfer the account holder made.
 */
public record TransactionView(
        String id,
        String accountId,
        long amount,
        Instant occurredAt,
        String description,
        Map<String, Object> source,
        Map<String, Object> counterparty) {

    /** The field naming the source record, by category; categories absent here carry no id. */
    private static final Map<String, String> SOURCE_ID_FIELD = Map.ofEntries(
            Map.entry("inbound_ach_transfer", "inbound_ach_transfer_id"),
            Map.entry("inbound_ach_transfer_return", "inbound_ach_transfer_id"),
            Map.entry("check_deposit", "check_deposit_id"),
            Map.entry("check_deposit_return", "check_deposit_id"),
            Map.entry("card_settlement", "card_id"),
            Map.entry("ach_transfer_intention", "ach_transfer_id"),
            Map.entry("ach_transfer_rejection", "ach_transfer_id"),
            Map.entry("ach_transfer_return", "ach_transfer_id"),
            Map.entry("internal_transfer", "book_transfer_id"));

    public static TransactionView of(Transaction t) {
        Map<String, Object> ids = new LinkedHashMap<>();
        String idField = SOURCE_ID_FIELD.get(t.sourceCategory());
        if (idField != null) {
            ids.put(idField, t.sourceId());
        }
        if (t.cardAuthorizationId() != null) {
            // the settlement of a held card payment names its authorization beside the card
            ids.put("card_authorization_id", t.cardAuthorizationId());
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("category", t.sourceCategory());
        source.put(t.sourceCategory(), ids);
        // a posting without a description still reads as something: its category, in words
        String description = t.description() != null ? t.description()
                : Character.toUpperCase(t.sourceCategory().charAt(0)) + t.sourceCategory().substring(1).replace('_', ' ');
        return new TransactionView(t.id(), t.accountId(), t.amount(), t.occurredAt(), description, source,
                counterparty(t));
    }

    private static Map<String, Object> counterparty(Transaction t) {
        if (t.counterpartyAccountId() == null) {
            return null;
        }
        Map<String, Object> counterparty = new LinkedHashMap<>();
        switch (t.sourceCategory()) {
            case "ach_transfer_intention" -> {
                counterparty.put("type", "external");
                counterparty.put("external", Map.of("external_account_id", t.counterpartyAccountId()));
            }
            case "internal_transfer" -> {
                counterparty.put("type", "internal");
                counterparty.put("internal", Map.of("account_id", t.counterpartyAccountId()));
            }
            default -> {
                return null;
            }
        }
        return counterparty;
    }
}
