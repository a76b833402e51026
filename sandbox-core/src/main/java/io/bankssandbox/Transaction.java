package io.bankssandbox;

import java.time.Instant;

/**
 * A posting on an account's ledger, as {@code GET /v0/transactions/{id}} answers it: {@code category}
 * and the ids under it name what moved the money ({@code source.category} and the object named after
 * it), {@code counterparty} the other side of a transfer the account holder made.
 *
 * <p>Each id the source can carry has its accessor, named as the JSON names it, and null when this
 * transaction's category does not carry it: {@link #inboundAchTransferId()}, {@link #checkDepositId()},
 * {@link #cardId()} and {@link #cardAuthorizationId()}, {@link #achTransferId()},
 * {@link #bookTransferId()}.
 *
 * @param amount cents: positive credits the account, negative debits it
 * @param sourceId the id of the record that moved the money (a transfer, a check deposit, a card),
 *     whatever its kind; null for an opening balance
 * @param cardAuthorizationId for a {@link #CARD_SETTLEMENT} of a held payment, the authorization it
 *     settles ({@code card_settlement.card_authorization_id}); null otherwise, and for a card payment
 *     that posted at once
 * @param counterparty null unless the account holder moved the money to an account of theirs or out
 */
public record Transaction(String id, String accountId, long amount, Instant occurredAt, String description,
                          String category, String sourceId, String cardAuthorizationId, Counterparty counterparty) {

    // source.category, every word the contract allows
    public static final String OPENING_BALANCE = "opening_balance";
    public static final String INBOUND_ACH_TRANSFER = "inbound_ach_transfer";
    public static final String INBOUND_ACH_TRANSFER_RETURN = "inbound_ach_transfer_return";
    public static final String CHECK_DEPOSIT = "check_deposit";
    public static final String CHECK_DEPOSIT_RETURN = "check_deposit_return";
    public static final String CARD_SETTLEMENT = "card_settlement";
    /** Money sent out by an outbound ACH transfer ({@code POST /v0/ach-transfer}). */
    public static final String ACH_TRANSFER_INTENTION = "ach_transfer_intention";
    /** An outbound ACH transfer rejected or canceled: its money back. */
    public static final String ACH_TRANSFER_REJECTION = "ach_transfer_rejection";
    /** An outbound ACH transfer returned by the receiving bank: its money back. */
    public static final String ACH_TRANSFER_RETURN = "ach_transfer_return";
    public static final String INTERNAL_TRANSFER = "internal_transfer";

    /** {@code inbound_ach_transfer_id}: for {@link #INBOUND_ACH_TRANSFER} and {@link #INBOUND_ACH_TRANSFER_RETURN}. */
    public String inboundAchTransferId() {
        return sourceIdIf(INBOUND_ACH_TRANSFER, INBOUND_ACH_TRANSFER_RETURN);
    }

    /** {@code check_deposit_id}: for {@link #CHECK_DEPOSIT} and {@link #CHECK_DEPOSIT_RETURN}. */
    public String checkDepositId() {
        return sourceIdIf(CHECK_DEPOSIT, CHECK_DEPOSIT_RETURN);
    }

    /** {@code card_id}: for {@link #CARD_SETTLEMENT}. */
    public String cardId() {
        return sourceIdIf(CARD_SETTLEMENT);
    }

    /** {@code ach_transfer_id}: for {@link #ACH_TRANSFER_INTENTION}, {@link #ACH_TRANSFER_REJECTION} and {@link #ACH_TRANSFER_RETURN}. */
    public String achTransferId() {
        return sourceIdIf(ACH_TRANSFER_INTENTION, ACH_TRANSFER_REJECTION, ACH_TRANSFER_RETURN);
    }

    /** {@code book_transfer_id}: for {@link #INTERNAL_TRANSFER}. */
    public String bookTransferId() {
        return sourceIdIf(INTERNAL_TRANSFER);
    }

    private String sourceIdIf(String... categories) {
        for (String carrying : categories) {
            if (carrying.equals(category)) {
                return sourceId;
            }
        }
        return null;
    }

    /**
     * The other side: {@code type} {@link #EXTERNAL} names an external account, {@link #INTERNAL}
     * another account at the bank.
     */
    public record Counterparty(String type, String id) {
        public static final String EXTERNAL = "external";
        public static final String INTERNAL = "internal";
    }
}
