package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/**
 * What the cards feature keeps (cards, approved payments, held authorizations, the card policy) and
 * the rules a loaded state meets about them.
 */
public final class CardsModel {
    public static final StateModel PART = StateModel.builder()
            .table(Card.TABLE)
            .table(CardPayment.TABLE)
            .setting(CardPolicy.SETTING)
            .references(30, CardsModel::cards)
            .references(31, CardsModel::payments)
            .table(CardAuthorization.TABLE)
            .references(135, CardsModel::authorizations)
            .build();

    private CardsModel() {}

    private static void cards(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (Card card : state.table(Card.TABLE).all()) {
            Account account = state.table(Account.TABLE).get(card.bankAccountId());
            if (account == null) {
                problems.add("cards.json " + card.id() + "/bank_account_id: unknown account " + card.bankAccountId());
            } else if (!account.entityId().equals(card.entityId())) {
                problems.add("cards.json " + card.id() + "/entity_id: the card's account belongs to " + account.entityId());
            }
        }
    }

    private static void payments(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (CardPayment payment : state.table(CardPayment.TABLE).all()) {
            Card card = state.table(Card.TABLE).get(payment.cardId());
            if (card == null) {
                problems.add("card_payments.json " + payment.id() + "/card_id: unknown card " + payment.cardId());
            } else if (!card.bankAccountId().equals(payment.accountId())) {
                problems.add("card_payments.json " + payment.id() + "/account_id: the card draws from " + card.bankAccountId());
            }
            if (payment.transactionId() != null && state.table(Transaction.TABLE).get(payment.transactionId()) == null) {
                problems.add("card_payments.json " + payment.id() + "/transaction_id: unknown transaction " + payment.transactionId());
            }
        }
    }

    /**
     * A held authorization names a known card, the account that card draws from, and (settled) a
     * known transaction of that account. Its hold is already out of the account's available balance
     * as the fixture gives it, as a held check's amount is: a loaded state is taken as it is.
     */
    private static void authorizations(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (CardAuthorization authorization : state.table(CardAuthorization.TABLE).all()) {
            String where = "card_authorizations.json " + authorization.id();
            Card card = state.table(Card.TABLE).get(authorization.cardId());
            if (card == null) {
                problems.add(where + "/card_id: unknown card " + authorization.cardId());
            } else if (!card.bankAccountId().equals(authorization.accountId())) {
                problems.add(where + "/account_id: the card draws from " + card.bankAccountId());
            }
            if (authorization.transactionId() != null) {
                Transaction transaction = state.table(Transaction.TABLE).get(authorization.transactionId());
                if (transaction == null) {
                    problems.add(where + "/transaction_id: unknown transaction " + authorization.transactionId());
                } else if (!transaction.accountId().equals(authorization.accountId())) {
                    problems.add(where + "/transaction_id: the transaction is of account " + transaction.accountId());
                }
            }
        }
    }
}
