package io.bankssandbox;

import java.time.Instant;

/**
 * A posting on an account's ledger, as {@code GET /v0/transactions/{id}} answers it: {@code category}
 * and {@code sourceId} name what moved the money ({@code source.category} and the id under it),
 * {@code counterparty} the other side of a transfer the account holder made.
 *
 * @param amount cents: positive credits the account, negative debits it
 * @param sourceId the id of the record that moved the money (a transfer, a check deposit, a card),
 *     or null for an opening balance
 * @param counterparty null unless the account holder moved the money to an account of theirs or out
 */
public record Transaction(String id, String accountId, long amount, Instant occurredAt, String description,
                          String category, String sourceId, Counterparty counterparty) {

    public static final String OPENING_BALANCE = "opening_balance";
    public static final String INBOUND_ACH_TRANSFER = "inbound_ach_transfer";
    public static final String INBOUND_ACH_TRANSFER_RETURN = "inbound_ach_transfer_return";
    public static final String CHECK_DEPOSIT = "check_deposit";
    public static final String CHECK_DEPOSIT_RETURN = "check_deposit_return";
    public static final String CARD_SETTLEMENT = "card_settlement";
    public static final String ACH_TRANSFER_INTENTION = "ach_transfer_intention";
    public static final String INTERNAL_TRANSFER = "internal_transfer";

    /**
     * The other side: {@code type} {@link #EXTERNAL} names an external account, {@link #INTERNAL}
     * another account at the bank.
     */
    public record Counterparty(String type, String id) {
        public static final String EXTERNAL = "external";
        public static final String INTERNAL = "internal";
    }
}
