package io.bankssandbox;

/**
 * A move of a record: what the clock did as it moved, a transition that fell due, as
 * {@code POST /_sandbox/clock/advance} reports it ({@link #INBOUND_ACH_TRANSFER_ACCEPTED},
 * {@link #CHECK_DEPOSIT_HOLD_RELEASED} ...) with the id of the record it moved. {@code
 * clock().awaitEvent(type, within)} waits for any of these types, whoever made the move.
 *
 * <p>Every type there is has its constant here; the ones an advance can report are marked "(clock)".
 */
public record ClockEvent(String type, String id) {
    /** An inbound ACH transfer arrived: simulated, or (clock) an insurance payment's delayed credit. */
    public static final String INBOUND_ACH_TRANSFER_CREATED = "inbound_ach_transfer.created";
    /** (clock) At {@code automatically_resolves_at}, or by hand. */
    public static final String INBOUND_ACH_TRANSFER_ACCEPTED = "inbound_ach_transfer.accepted";
    /** (clock) A debit the available balance does not cover, a forced decline, or by hand. */
    public static final String INBOUND_ACH_TRANSFER_DECLINED = "inbound_ach_transfer.declined";
    public static final String INBOUND_ACH_TRANSFER_RETURNED = "inbound_ach_transfer.returned";

    public static final String ACH_TRANSFER_CREATED = "ach_transfer.created";
    public static final String ACH_TRANSFER_APPROVED = "ach_transfer.approved";
    /** (clock) At the next half-hour submission window. */
    public static final String ACH_TRANSFER_SUBMITTED = "ach_transfer.submitted";
    /** (clock) At its expected funds settlement. */
    public static final String ACH_TRANSFER_SETTLED = "ach_transfer.settled";
    public static final String ACH_TRANSFER_CANCELED = "ach_transfer.canceled";
    public static final String ACH_TRANSFER_REJECTED = "ach_transfer.rejected";
    public static final String ACH_TRANSFER_RETURNED = "ach_transfer.returned";

    /** Mail arrived at a provider's lockbox. */
    public static final String INBOUND_MAIL_ITEM_CREATED = "inbound_mail_item.created";
    public static final String CHECK_DEPOSIT_SUBMITTED = "check_deposit.submitted";
    /** (clock) A deposited check's hold ended. */
    public static final String CHECK_DEPOSIT_HOLD_RELEASED = "check_deposit.hold_released";
    public static final String CHECK_DEPOSIT_RETURNED = "check_deposit.returned";

    /** (clock) An ERA sent with an {@code era_delay} reached the practice. */
    public static final String ERA_RECEIVED = "era.received";

    public static final String CARD_CREATED = "card.created";
    public static final String CARD_CANCELED = "card.canceled";
    /** A held card payment was approved: the hold is on. */
    public static final String CARD_AUTHORIZATION_CREATED = "card_authorization.created";
    public static final String CARD_AUTHORIZATION_SETTLED = "card_authorization.settled";
    public static final String CARD_AUTHORIZATION_REVERSED = "card_authorization.reversed";
    /** (clock) A hold nobody settled or reversed, at its {@code expires_at}. */
    public static final String CARD_AUTHORIZATION_EXPIRED = "card_authorization.expired";

    public static final String EXTERNAL_ACCOUNT_CREATED = "external_account.created";
    public static final String EXTERNAL_ACCOUNT_ARCHIVED = "external_account.archived";
}
