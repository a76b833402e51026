package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/**
 * What the accounts feature keeps (accounts and their ledger of transactions) and the rules a loaded
 * state meets about them: an account's transactions sum to its total balance.
 */
public final class AccountsModel {
    public static final StateModel PART = StateModel.builder()
            .table(Account.TABLE)
            .table(Transaction.TABLE)
            .references(20, AccountsModel::accounts)
            .references(80, AccountsModel::transactions)
            .totals(AccountsModel::ledgers)
            .repair(AccountsModel::openMissingLedgers)
            .build();

    private AccountsModel() {}

    private static void accounts(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (Account account : state.table(Account.TABLE).all()) {
            if (state.table(Entity.TABLE).get(account.entityId()) == null) {
                problems.add("accounts.json " + account.id() + "/entity_id: unknown entity " + account.entityId());
            }
        }
    }

    private static void transactions(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (Transaction transaction : state.table(Transaction.TABLE).all()) {
            if (state.table(Account.TABLE).get(transaction.accountId()) == null) {
                problems.add("transactions.json " + transaction.id() + "/account_id: unknown account " + transaction.accountId());
            }
        }
    }

    /**
     * An account whose ledger is given (it has its {@code opening_balance} transaction) must have
     * transactions that sum to its total balance, as every change the API makes keeps them. An
     * account without one gets it at load, for whatever its other transactions leave unexplained.
     * Accounts are named by their position in the file.
     */
    private static void ledgers(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        List<Account> accounts = order.rows(Account.TABLE);
        for (int position = 0; position < accounts.size(); position++) {
            Account account = accounts.get(position);
            long sum = 0;
            boolean opened = false;
            for (Transaction transaction : state.table(Transaction.TABLE).inPartition(account.id())) {
                sum += transaction.amount();
                opened |= Transaction.OPENING_BALANCE.equals(transaction.sourceCategory());
            }
            if (opened && sum != account.totalBalance()) {
                problems.add("accounts.json /" + position + "/total_balance: the account's transactions sum to " + sum
                        + ", not to its total balance " + account.totalBalance()
                        + " (an account's transactions must sum to its total balance)");
            }
        }
    }

    /**
     * Gives every account without an {@code opening_balance} transaction one, at its opening, for
     * whatever its other transactions leave unexplained: a fixture set written without a ledger still
     * has transactions that sum to each total balance.
     */
    private static void openMissingLedgers(SandboxState state) {
        for (Account account : state.table(Account.TABLE).all()) {
            long explained = 0;
            boolean opened = false;
            for (Transaction transaction : state.table(Transaction.TABLE).inPartition(account.id())) {
                explained += transaction.amount();
                opened |= Transaction.OPENING_BALANCE.equals(transaction.sourceCategory());
            }
            if (!opened) {
                state.table(Transaction.TABLE).put(new Transaction(state.ids.next("transaction_"), account.id(),
                        account.totalBalance() - explained, account.openedAt(), "Opening balance", Transaction.OPENING_BALANCE,
                        null, null));
            }
        }
    }
}
