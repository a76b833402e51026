package io.bankssandbox.internal.cards;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * Decides a simulated card payment as the card network would ask the issuer to, and books it when
 * approved. Checks run in a fixed order and the first that fails names the decline: card canceled,
 * card not active, blocked merchant category, spending limits from the narrowest interval to the
 * widest, then funds. The control API sees every card, web-app ones included.
 */
public final class CardAuthorizer {
    /**
     * A payment a merchant asks to make ({@code POST /_sandbox/cards/{id}/authorizations});
     * {@code merchantCategoryCode} null is {@link #DEFAULT_MERCHANT_CATEGORY_CODE}, so a test that only
     * cares about the money names the amount alone ({@code { "amount": 4000, "settlement": "held" }});
     * {@code merchantCountry} is an ISO 3166-1 alpha-2 code, null for the US (that it names a real country
     * is the request's schema, {@code CountryCode}, which the typed handle checks too); {@code settlement}
     * {@link #IMMEDIATE} (null: the default, one {@code card_settlement} transaction at once) or
     * {@link #HELD} (the amount is held until settled, reversed or expired: {@link CardHolds}).
     */
    public record PaymentRequest(long amount, String merchantCategoryCode, String merchantCountry, String settlement) {
        public static final String IMMEDIATE = "immediate";
        public static final String HELD = "held";
        /** Medical, dental and hospital supplies: the request schema's default, and the dashboard's. */
        private static final String DEFAULT_MERCHANT_CATEGORY_CODE = "5047";

        public PaymentRequest {
            merchantCategoryCode = merchantCategoryCode == null ? DEFAULT_MERCHANT_CATEGORY_CODE : merchantCategoryCode;
            merchantCountry = merchantCountry == null ? "US" : merchantCountry;
            settlement = settlement == null ? IMMEDIATE : settlement;
        }

        /** A payment that settles at once, as every payment did before holds. */
        public PaymentRequest(long amount, String merchantCategoryCode, String merchantCountry) {
            this(amount, merchantCategoryCode, merchantCountry, null);
        }

        /** Whether an approval holds the amount rather than posting it. */
        public boolean held() {
            return HELD.equals(settlement);
        }
    }

    /**
     * The answer; {@code declineReason} and {@code limit} are null when approved. The decision and the
     * reason are the API's own words, as strings, like every status the sandbox answers; the
     * constants name each one ({@code assertEquals(Decision.DECLINED, d.decision())}).
     * {@code authorization} is the hold an approved held payment placed: null otherwise, and then
     * absent from the answer, which keeps the shape it had before holds.
     */
    public record Decision(String decision, String declineReason, SpendingLimit limit,
                           @JsonInclude(JsonInclude.Include.NON_NULL) CardAuthorization authorization) {
        public static final String APPROVED = "approved";
        public static final String DECLINED = "declined";
        /** Declined: the card is canceled. */
        public static final String CARD_CANCELED = "card_canceled";
        /** Declined: the card is not active (disabled). */
        public static final String CARD_NOT_ACTIVE = "card_not_active";
        /** Declined: the merchant category is blocked on every card. */
        public static final String TRANSACTION_NOT_ALLOWED = "transaction_not_allowed";
        /** Declined: a spending limit, named in {@code limit}, would be exceeded. */
        public static final String BREACHES_LIMIT = "breaches_limit";
        /** Declined: the account's available balance does not cover the payment. */
        public static final String INSUFFICIENT_FUNDS = "insufficient_funds";

        /** A decision that placed no hold. */
        public Decision(String decision, String declineReason, SpendingLimit limit) {
            this(decision, declineReason, limit, null);
        }

        static Decision approve() {
            return new Decision(APPROVED, null, null);
        }

        Decision holding(CardAuthorization hold) {
            return new Decision(decision, declineReason, limit, hold);
        }

        static Decision decline(String reason) {
            return new Decision(DECLINED, reason, null);
        }

        static Decision breaches(SpendingLimit limit) {
            return new Decision(DECLINED, BREACHES_LIMIT, limit);
        }

        /** Whether the payment was approved (and debited). */
        public boolean approved() {
            return APPROVED.equals(decision);
        }
    }

    // the newest id that can share an instant with a payment: ids are lowercase base-36, so '~' sorts after all
    private static final String LAST_ID = "~";
    private static final Comparator<SpendingLimit> NARROWEST_FIRST = Comparator.comparing(SpendingLimit::interval);

    private CardAuthorizer() {}

    public static Decision authorize(SandboxState state, String cardId, PaymentRequest payment, Instant now) {
        Card card = state.table(Card.TABLE).get(cardId);
        if (card == null) {
            throw DomainException.notFound("Card", cardId);
        }
        Decision decision = decide(state, card, payment, now);
        if (decision.approved() && payment.held()) {
            return decision.holding(CardHolds.hold(state, card, payment, now));
        }
        if (decision.approved()) {
            Transaction debit = Ledger.post(state, null, card.bankAccountId(), -payment.amount(), -payment.amount(),
                    now, "Card payment", "card_settlement", card.id(), null);
            state.table(CardPayment.TABLE).put(new CardPayment(state.ids.next("card_payment_"), card.id(), card.bankAccountId(),
                    payment.amount(), payment.merchantCategoryCode(), payment.merchantCountry(), now, debit.id()));
        }
        return decision;
    }

    private static Decision decide(SandboxState state, Card card, PaymentRequest payment, Instant now) {
        if (Card.CANCELED.equals(card.status())) {
            return Decision.decline(Decision.CARD_CANCELED);
        }
        if (!Card.ACTIVE.equals(card.status())) {
            return Decision.decline(Decision.CARD_NOT_ACTIVE);
        }
        if (state.setting(CardPolicy.SETTING).blockedMerchantCategoryCodes().contains(payment.merchantCategoryCode())) {
            return Decision.decline(Decision.TRANSACTION_NOT_ALLOWED);
        }
        // a stable sort keeps the card's own limit ahead of the service's when both share an interval
        List<SpendingLimit> limits = CardView.effectiveLimits(card, state.setting(CardPolicy.SETTING)).stream()
                .filter(limit -> limit.appliesTo(payment.merchantCategoryCode()))
                .sorted(NARROWEST_FIRST)
                .toList();
        for (SpendingLimit limit : limits) {
            if (spentInWindow(state, card, limit, now) + payment.amount() > limit.amount()) {
                return Decision.breaches(limit);
            }
        }
        Account account = state.table(Account.TABLE).get(card.bankAccountId());
        if (payment.amount() > account.availableBalance()) {
            return Decision.decline(Decision.INSUFFICIENT_FUNDS);
        }
        return Decision.approve();
    }

    /**
     * Approved spend on the card that counts toward the limit now: in the limit's current window and,
     * for a limit restricted to merchant categories, in those categories. A per-transaction cap
     * counts nothing before the payment itself. The one place spend is summed: payments that settled
     * at once at their amount, and held authorizations by when they were authorized, at
     * {@link CardAuthorization#spend()} (pending: the amount held; settled: the amount settled;
     * reversed or expired: nothing).
     */
    static long spentInWindow(SandboxState state, Card card, SpendingLimit limit, Instant now) {
        Instant start = limit.interval().windowStart(now);
        if (start == null) {
            return 0;
        }
        long spent = 0;
        for (CardPayment earlier : state.table(CardPayment.TABLE).inPartitionBetween(card.id(), new SortKey(start, ""),
                new SortKey(now, LAST_ID))) {
            if (limit.appliesTo(earlier.merchantCategoryCode())) {
                spent += earlier.amount();
            }
        }
        // listed newest first: the window runs from now back to its start
        for (CardAuthorization held : state.table(CardAuthorization.TABLE).inPartitionBetween(card.id(),
                new SortKey(now, LAST_ID), new SortKey(start, ""))) {
            if (limit.appliesTo(held.merchantCategoryCode())) {
                spent += held.spend();
            }
        }
        return spent;
    }
}
