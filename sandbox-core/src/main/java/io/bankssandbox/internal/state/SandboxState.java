package io.bankssandbox.internal.state;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.cards.CardPayment;
import io.bankssandbox.internal.cards.CardPolicy;
import io.bankssandbox.internal.clock.Timeline;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.era.Era;
import io.bankssandbox.internal.events.EventBuffer;
import io.bankssandbox.internal.externalaccounts.ExternalAccount;
import io.bankssandbox.internal.lockbox.MailItem;
import io.bankssandbox.internal.transfers.AchTransfer;
import io.bankssandbox.internal.transfers.BookTransfer;
import io.bankssandbox.internal.webhooks.WebhookDelivery;
import io.bankssandbox.internal.webhooks.WebhookEndpoint;
import java.time.Instant;
import java.util.List;

/**
 * Everything one sandbox holds. One object per sandbox, guarded by its {@link StateHolder}; reset
 * replaces it with a copy of the fixture snapshot (rows are immutable, so copying is cheap).
 */
public final class SandboxState {
    public final Table<Entity> entities;
    public final Table<Account> accounts;
    public final Table<Card> cards;
    public final Table<InboundAchTransfer> inboundAchTransfers;
    public final Table<MailItem> mail;
    public final Table<Era> eras;
    public final Table<ExternalAccount> externalAccounts;
    public final Table<Transaction> transactions;
    /** Approved card payments, per card in time order: a spending-limit window is one range read. */
    public final Table<CardPayment> cardPayments;
    public final Table<BookTransfer> bookTransfers;
    public final Table<AchTransfer> achTransfers;
    /** Endpoints added through the control API (those given at start live with the sandbox, not here). */
    public final Table<WebhookEndpoint> webhookEndpoints;
    /** Every delivery since start, newest first; pending ones commit with the change that caused them. */
    public final Table<WebhookDelivery> webhookDeliveries;
    public final Timeline timeline;
    public final IdGenerator ids;
    /** Replaced whole (never changed in place) when an entity is connected: readers may hold the old list. */
    public volatile List<ApiKey> apiKeys;
    public final CardPolicy policy;
    /** The sandbox time the state was taken at; the clock starts here after a reset or import. */
    public final Instant startedAt;
    /** Events the current write has published; never copied (a copy starts with none pending). */
    public final EventBuffer events = new EventBuffer();
    /** Rows the current write has put, for a durable store; never copied. */
    public final ChangeSet changes = new ChangeSet();
    private final List<Table<?>> tables;

    public SandboxState(List<ApiKey> apiKeys, CardPolicy policy, IdGenerator ids, Instant startedAt) {
        this(Table.ascending("entities", Entity.class, Entity::id, e -> new SortKey(e.createdAt(), e.id()), Entity::id),
                Table.ascending("accounts", Account.class, Account::id, a -> new SortKey(a.openedAt(), a.id()),
                        Account::entityId),
                Table.ascending("cards", Card.class, Card::id, c -> new SortKey(c.createdAt(), c.id()), Card::bankAccountId),
                Table.descending("inbound_ach_transfers", InboundAchTransfer.class, InboundAchTransfer::id,
                        t -> new SortKey(t.createdAt(), t.id()), InboundAchTransfer::accountId),
                Table.descending("mail", MailItem.class, MailItem::id, m -> new SortKey(m.receivedAt(), m.id()),
                        MailItem::providerId).lookupBy(MailItem.BY_FILE_OR_CHECK, MailItem::lookupKeys),
                Table.descending("eras", Era.class, Era::id, e -> new SortKey(e.receivedAt(), e.id()), Era::entityId)
                        .lookupBy(Era.BY_TRANSACTION, e -> e.transactionId() == null ? List.of() : List.of(e.transactionId())),
                Table.descending("external_accounts", ExternalAccount.class, ExternalAccount::id,
                        x -> new SortKey(x.createdAt(), x.id()), ExternalAccount::entityId),
                Table.descending("transactions", Transaction.class, Transaction::id,
                        t -> new SortKey(t.occurredAt(), t.id()), Transaction::accountId),
                Table.ascending("card_payments", CardPayment.class, CardPayment::id,
                        p -> new SortKey(p.authorizedAt(), p.id()), CardPayment::cardId),
                Table.descending("book_transfers", BookTransfer.class, BookTransfer::id,
                        b -> new SortKey(b.createdAt(), b.id()), BookTransfer::sourceAccountId),
                Table.descending("ach_transfers", AchTransfer.class, AchTransfer::id,
                        a -> new SortKey(a.createdAt(), a.id()), AchTransfer::accountId),
                Table.ascending("webhook_endpoints", WebhookEndpoint.class, WebhookEndpoint::id,
                        w -> new SortKey(w.createdAt(), w.id()), w -> null),
                Table.descending("webhook_deliveries", WebhookDelivery.class, WebhookDelivery::id,
                        d -> new SortKey(d.occurredAt(), d.id()), WebhookDelivery::endpointId),
                new Timeline(), ids, apiKeys, policy, startedAt);
    }

    private SandboxState(Table<Entity> entities, Table<Account> accounts, Table<Card> cards,
                         Table<InboundAchTransfer> inboundAchTransfers, Table<MailItem> mail, Table<Era> eras,
                         Table<ExternalAccount> externalAccounts, Table<Transaction> transactions,
                         Table<CardPayment> cardPayments, Table<BookTransfer> bookTransfers,
                         Table<AchTransfer> achTransfers, Table<WebhookEndpoint> webhookEndpoints,
                         Table<WebhookDelivery> webhookDeliveries, Timeline timeline, IdGenerator ids,
                         List<ApiKey> apiKeys, CardPolicy policy, Instant startedAt) {
        this.entities = entities;
        this.accounts = accounts;
        this.cards = cards;
        this.inboundAchTransfers = inboundAchTransfers;
        this.mail = mail;
        this.eras = eras;
        this.externalAccounts = externalAccounts;
        this.transactions = transactions;
        this.cardPayments = cardPayments;
        this.bookTransfers = bookTransfers;
        this.achTransfers = achTransfers;
        this.webhookEndpoints = webhookEndpoints;
        this.webhookDeliveries = webhookDeliveries;
        this.timeline = timeline;
        this.ids = ids;
        this.apiKeys = List.copyOf(apiKeys);
        this.policy = policy;
        this.startedAt = startedAt;
        this.tables = List.of(entities, accounts, cards, inboundAchTransfers, mail, eras, externalAccounts,
                transactions, cardPayments, bookTransfers, achTransfers, webhookEndpoints, webhookDeliveries);
        for (Table<?> table : tables) {
            table.noteChangesIn(changes);
        }
    }

    /** Every table, in the order the state document lists them. */
    public List<Table<?>> tables() {
        return tables;
    }

    /** The table a state document names {@code name}; null when there is none. */
    public Table<?> table(String name) {
        for (Table<?> table : tables) {
            if (table.name().equals(name)) {
                return table;
            }
        }
        return null;
    }

    /**
     * This state's tables (the very ones, not copies) with other keys, policy, id sequence and
     * start: a document read as a stream fills its tables before it reaches the settings after them.
     * This object must not be used afterwards.
     */
    public SandboxState withSettings(List<ApiKey> newApiKeys, CardPolicy newPolicy, IdGenerator newIds, Instant newStart) {
        return new SandboxState(entities, accounts, cards, inboundAchTransfers, mail, eras, externalAccounts,
                transactions, cardPayments, bookTransfers, achTransfers, webhookEndpoints, webhookDeliveries, timeline, newIds,
                newApiKeys, newPolicy, newStart);
    }

    public SandboxState copy() {
        return new SandboxState(entities.copy(), accounts.copy(), cards.copy(), inboundAchTransfers.copy(),
                mail.copy(), eras.copy(), externalAccounts.copy(), transactions.copy(),
                cardPayments.copy(), bookTransfers.copy(), achTransfers.copy(), webhookEndpoints.copy(),
                webhookDeliveries.copy(), timeline.copy(), ids.copy(), apiKeys, policy,
                startedAt);
    }
}
