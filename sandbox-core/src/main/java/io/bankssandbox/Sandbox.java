package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.runtime.LibraryLogging;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.webhooks.ConfiguredWebhooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

/**
 * A running Banks Sandbox: the vendor's /v0 API and the sandbox's control API on a local port, over
 * in-memory state seeded from fixtures. Cheap to start, instant to reset, closed with {@link #close()}.
 *
 * <p>A test reads as a story: script the world through the typed sections ({@link #inboundAch()},
 * {@link #insurancePayments()}, {@link #cards()}, {@link #clock()} ...), run the application under
 * test against {@link #baseUrl()} with {@link #apiKey()}, then verify what it asked
 * ({@link #journal()}) and what it was told ({@link #webhooks()}).
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.start()) {
 *     Account operating = sandbox.accounts().named("Riverside Operating");
 *     InboundAchTransfer credit = sandbox.inboundAch().simulate(operating.id(), 125_00);
 *     sandbox.clock().advance(Duration.ofHours(2));          // the credit resolves: accepted
 *     // call sandbox.baseUrl() + "/v0/accounts" with "Authorization: Bearer " + sandbox.apiKey()
 * }
 * }</pre>
 *
 * Every typed call runs the same domain operation, with the same rules, as the HTTP route it mirrors;
 * a refusal throws {@link SandboxException} with the status and messages the route would answer.
 * Reads see every entity, as the control API does, and are not journaled.
 */
public final class Sandbox implements AutoCloseable {
    /** The key of the default fixture set that sees every entity. */
    public static final String DEFAULT_API_KEY = ApiKey.DEFAULT;

    static {
        // sandbox-spring adds webhooks that name the application's own port once its web server has
        // started, after the sandbox: the one way from a handle it started to its webhooks, outside this package
        ConfiguredWebhooks.install(handle -> ((Sandbox) handle).server().webhooks());
    }

    /** Where the calls go: a sandbox of this JVM, or one elsewhere over HTTP ({@link #connect}). */
    private final Backend backend;
    private final Backend.Sections sections;

    private Sandbox(Backend backend) {
        this.backend = backend;
        this.sections = backend.sections();
    }

    /**
     * Optional: starts, on background threads, the part of a JVM's first {@link #start()} that no
     * configuration changes (its HTTP server, the parsed API contract), so that a program with other
     * start-up work to do first overlaps the two. {@link #start()} does it anyway.
     */
    public static void warmUp() {
        if (SandboxConfig.Output.fromSystemProperty() != SandboxConfig.Output.VERBOSE) {
            LibraryLogging.quiet(); // the warm-up is the libraries' first use: quiet them before it
        }
        SandboxServer.warmUp();
    }

    /** Starts a sandbox on a free loopback port with the default fixtures and a frozen clock. */
    public static Sandbox start() {
        return start(SandboxConfig.defaults());
    }

    /**
     * Starts a sandbox. What it writes to the console is {@link SandboxConfig#output()}: by default one
     * line, its address; the libraries it runs on print nothing.
     *
     * @throws SandboxException 400 when the fixture set is invalid, listing each problem with its file,
     *     JSON pointer and rule
     * @throws IllegalStateException when the state file cannot serve: in use by another sandbox, damaged,
     *     or not writable (the message names the file and the reason)
     */
    public static Sandbox start(SandboxConfig config) {
        if (config.output() != SandboxConfig.Output.VERBOSE) {
            LibraryLogging.quiet(); // before the first library class logs
        }
        SandboxServer server = Operator.refusals(() -> new SandboxServer(config.toRuntime()));
        server.start();
        Sandbox sandbox = new Sandbox(new InProcessBackend(server));
        if (config.output() != SandboxConfig.Output.SILENT) {
            System.err.println("Banks Sandbox " + SandboxVersion.current() + " on " + sandbox.baseUrl() + " (fixtures "
                    + config.fixtures() + "; -D" + SandboxConfig.OUTPUT_PROPERTY + "=verbose for more, =silent for none)");
        }
        return sandbox;
    }

    /** This build's version ({@code 0.1.0-SNAPSHOT}), as {@code GET /_sandbox/health} answers it. */
    public static String version() {
        return SandboxVersion.current();
    }

    /**
     * The handle of a sandbox running elsewhere: a standalone server ({@code java -jar banks-sandbox.jar},
     * the container image), or a sandbox on demand ({@code POST /_sandbox/sandboxes}: its {@code base_url}).
     * Every section works as in process, over the control API and the operator's reads of {@code /v0}
     * (every entity, not journaled), with the same values and the same {@link SandboxException}s; what
     * cannot work over HTTP says so on its method. {@link #close()} closes a sandbox on demand (a base URL
     * ending in {@code /sandboxes/{id}}) and only lets go of a server's own sandbox.
     *
     * @param baseUrl {@code http://host:port}, with the path of a sandbox on demand when it has one
     * @throws IllegalArgumentException for a URL that is not http(s) with a host, or has a query
     * @throws java.io.UncheckedIOException when nothing answers there
     */
    public static Sandbox connect(URI baseUrl) {
        return connect(baseUrl, null);
    }

    /**
     * {@link #connect(URI)} to a server started with {@code --admin-token}: every call carries it.
     *
     * @throws SandboxException 401 when the token is not the server's
     */
    public static Sandbox connect(URI baseUrl, String adminToken) {
        return new Sandbox(RemoteBackend.connect(baseUrl, adminToken));
    }

    /**
     * {@code http://127.0.0.1:PORT}, without a trailing slash; for a {@linkplain #connect connected} handle,
     * the URL it was given.
     */
    public String baseUrl() {
        return backend.baseUrl();
    }

    /** The port of {@link #baseUrl()}. */
    public int port() {
        return backend.port();
    }

    /** The default API key: {@code lm_key_sandbox_all} when the fixture set has it, else its first key. */
    public String apiKey() {
        List<SandboxConfig.ApiKey> keys = apiKeys();
        return keys.stream().anyMatch(key -> key.key().equals(DEFAULT_API_KEY)) ? DEFAULT_API_KEY : keys.get(0).key();
    }

    /** Every API key of the current state, in fixture order, with the entities each sees ({@code "*"}: all). */
    public List<SandboxConfig.ApiKey> apiKeys() {
        return backend.apiKeys();
    }

    /** The sandbox's clock: read it, move it, wait for what it does. */
    public Clock clock() {
        return sections.clock();
    }

    /** Entities (practices): all, by id, by name; new practices, and existing ones connected to more keys. */
    public Entities entities() {
        return sections.entities();
    }

    /** Bank accounts with numbers and balances. */
    public Accounts accounts() {
        return sections.accounts();
    }

    /** The ledger: an account's transactions, one by id. */
    public Transactions transactions() {
        return sections.transactions();
    }

    /** Cards (all, an account's, by nickname, by id) and card payments as the card network would ask for them. */
    public Cards cards() {
        return sections.cards();
    }

    /** Inbound ACH transfers: simulate one, move it by hand, read them. */
    public InboundAch inboundAch() {
        return sections.inboundAch();
    }

    /** Insurance payments: the money and the ERA that reconciles with it. */
    public InsurancePayments insurancePayments() {
        return sections.insurancePayments();
    }

    /** Remittance advice: an ERA by id, of a remittance or of a transaction; an entity's remittances; a remittance's X12 835. */
    public Eras eras() {
        return sections.eras();
    }

    /** Lockbox mail: simulate a provider's mail, read what arrived. */
    public Lockbox lockbox() {
        return sections.lockbox();
    }

    /** Check deposits: deposit a pending one, have a deposited one returned. */
    public CheckDeposits checkDeposits() {
        return sections.checkDeposits();
    }

    /** Saved recipients: read one, archive one. */
    public ExternalAccounts externalAccounts() {
        return sections.externalAccounts();
    }

    /** Outbound ACH transfers: approve, reject, cancel, return. */
    public AchTransfers achTransfers() {
        return sections.achTransfers();
    }

    /** Webhooks: subscribe receivers, read the delivery log and the inbox, wait for deliveries. */
    public Webhooks webhooks() {
        return sections.webhooks();
    }

    /** Scripted failures of /v0 requests. */
    public Faults faults() {
        return sections.faults();
    }

    /** What the /v0 API was asked and answered since the last reset. */
    public Journal journal() {
        return sections.journal();
    }

    /** Back to the fixture state: data, clock, idempotency keys, journal and faults. Endpoints given at start stay. */
    public void reset() {
        backend.reset();
    }

    /**
     * The whole state as one document ({@code GET /_sandbox/state}): its keys are the fixture files'
     * names, so it can be saved as a fixture set or imported again.
     */
    public JsonNode exportState() {
        return backend.exportState();
    }

    /**
     * Replaces the whole state with an exported document.
     *
     * @throws SandboxException 400 listing every problem (file, JSON pointer, rule); the state is unchanged
     */
    public void importState(JsonNode document) {
        backend.importState(document);
    }

    /**
     * Writes the state document to {@code out} as the state is read, row by row: for a large state,
     * no tree and no second copy in memory. Changes wait while it writes.
     */
    public void exportState(OutputStream out) throws IOException {
        backend.exportState(out);
    }

    /**
     * Replaces the whole state with a document read from {@code in} as it arrives (an export of any
     * size; the HTTP import's size limit does not apply in process, and does to a connected handle).
     *
     * @throws SandboxException 400 listing every problem; the state is unchanged, as it is when the
     *     stream breaks off (IOException)
     */
    public void importState(InputStream in) throws IOException {
        backend.importState(in);
    }

    /**
     * Stops the sandbox. A {@linkplain #connect connected} handle closes a sandbox on demand
     * ({@code DELETE /_sandbox/sandboxes/{id}}) and only lets go of a server's own sandbox.
     */
    @Override
    public void close() {
        backend.close();
    }

    /**
     * For this project's own white-box tests and benchmarks (in this package, outside the API jar).
     *
     * @throws IllegalStateException for a connected handle: its sandbox runs in another process
     */
    SandboxServer server() {
        if (backend instanceof InProcessBackend inProcess) {
            return inProcess.server();
        }
        throw new IllegalStateException("a connected handle has no server in this JVM: " + baseUrl());
    }

    /**
     * The sandbox's clock. A frozen clock (the default in tests) moves only when advanced; a running
     * one follows the wall clock too. Moving it applies every transition that falls due on the way, in
     * time order (ACH resolutions, check hold releases, transfer submissions, webhook retries).
     */
    public interface Clock {
        Instant now();

        /**
         * Moves the clock forward by {@code by}; answers what happened, in time order.
         *
         * @throws SandboxException 400 for a negative duration or one past the year 9999
         */
        List<ClockEvent> advance(Duration by);

        /** Moves the clock forward to {@code to}; see {@link #advance(Duration)}. */
        List<ClockEvent> advanceTo(Instant to);

        /**
         * Waits until a transition of {@code type} ({@code inbound_ach_transfer.accepted} ...) happens
         * after this call, on a running clock or another thread's advance; fails after {@code within}
         * with what the clock did instead.
         */
        ClockEvent awaitEvent(String type, Duration within);
    }

    /** Entities, as a key that sees every entity reads them. */
    public interface Entities {
        /** Every entity, oldest first. */
        List<Entity> all();

        /** @throws SandboxException 404 for an unknown id */
        Entity get(String entityId);

        /**
         * The entity named exactly {@code name} (the fixture set's well-known practices, whatever their ids).
         *
         * @throws java.util.NoSuchElementException when none is, listing the names there are
         * @throws IllegalStateException when several are
         */
        Entity named(String name);

        /** A new practice ({@code POST /_sandbox/entities}); sends {@code entity.connected} to each key's endpoints. */
        Entity onboard(Practice practice);

        /**
         * Gives {@code apiKey} access to an existing entity ({@code POST /_sandbox/entities/{id}/connect}).
         *
         * @throws SandboxException 409 when the key already sees it
         */
        Entity connect(String entityId, String apiKey);
    }

    /** Bank accounts, as a key that sees every entity reads them. */
    public interface Accounts {
        List<Account> all();

        List<Account> ofEntity(String entityId);

        /** @throws SandboxException 404 for an unknown id */
        Account get(String accountId);

        /**
         * The account named exactly {@code name} ({@code "Riverside Operating"}).
         *
         * @throws java.util.NoSuchElementException when none is, listing the names there are
         * @throws IllegalStateException when several are
         */
        Account named(String name);
    }

    /** The ledger. */
    public interface Transactions {
        /** An account's transactions, newest first; they sum to its total balance. */
        List<Transaction> of(String accountId);

        Transaction get(String transactionId);
    }

    /**
     * Cards as {@code GET /v0/cards/{id}} shows them (all, an account's, by nickname, by id), and card payments
     * ({@code POST /_sandbox/cards/{id}/authorizations}) on every card, web-app ones included.
     */
    public interface Cards {
        /**
         * Every card, oldest first, those issued in the web app included: the {@code /v0} card routes (and
         * {@link #get}) answer 404 for those, but a card payment ({@link #authorize}) takes them. Over
         * HTTP: {@code GET /_sandbox/cards}.
         */
        List<Card> all();

        /**
         * An account's cards, oldest first, web-app ones included.
         *
         * @throws SandboxException 404 for an unknown account
         */
        List<Card> ofAccount(String accountId);

        /**
         * The card nicknamed exactly {@code nickname} ({@code "Office supplies"}), web-app ones included.
         *
         * @throws java.util.NoSuchElementException when none is, listing the nicknames there are
         * @throws IllegalStateException when several are
         */
        Card named(String nickname);

        /** @throws SandboxException 404 for an unknown card, or one issued in the web app (as the API) */
        Card get(String cardId);

        /** A payment at a US merchant. */
        default CardDecision authorize(String cardId, long amount, String merchantCategoryCode) {
            return authorize(cardId, CardPayment.of(amount, merchantCategoryCode));
        }

        /**
         * Decides a payment; an approved one debits both balances and counts toward the card's limits.
         * An approved {@linkplain CardPayment#held() held} one holds its amount instead (available balance
         * only, no transaction) and answers the hold as {@link CardDecision#authorization()}.
         *
         * @throws SandboxException 404 for an unknown card, 400 for a payment the API would refuse
         */
        CardDecision authorize(String cardId, CardPayment payment);

        // held authorizations: GET and POST /_sandbox/card-authorizations...

        /** @throws SandboxException 404 for an unknown authorization */
        CardAuthorization authorization(String authorizationId);

        /**
         * A card's held authorizations, newest first, every status ({@code null}: every card's).
         *
         * @throws SandboxException 404 for an unknown card
         */
        List<CardAuthorization> authorizations(String cardId);

        /**
         * The merchant captures the amount held: the hold is released and one {@code card_settlement}
         * transaction of minus that amount posts ({@code transaction.created} fires).
         *
         * @throws SandboxException 404 for an unknown authorization, 409 for one not pending
         */
        CardAuthorization settle(String authorizationId);

        /**
         * The merchant captures {@code amount} cents instead: lower (a partial capture) or higher (a tip).
         * No limit or funds check: a capture above the available balance takes it below zero.
         *
         * @throws SandboxException 400 for an amount below 1, 404 for an unknown authorization, 409 for one
         *     not pending
         */
        CardAuthorization settle(String authorizationId, long amount);

        /**
         * The merchant releases the hold: nothing posts, and the card's limits give the amount back.
         *
         * @throws SandboxException 404 for an unknown authorization, 409 for one not pending
         */
        CardAuthorization reverse(String authorizationId);
    }

    /** Inbound ACH transfers. */
    public interface InboundAch {
        /** A pending credit (positive amount) or debit (negative) that resolves an hour later. */
        default InboundAchTransfer simulate(String accountId, long amount) {
            return simulate(InboundAchTransfer.Arrival.of(accountId, amount));
        }

        InboundAchTransfer simulate(InboundAchTransfer.Arrival arrival);

        /** @throws SandboxException 409 when it is not pending */
        InboundAchTransfer accept(String transferId);

        /** Declined with {@code payment_stopped}. */
        default InboundAchTransfer decline(String transferId) {
            return decline(transferId, null);
        }

        InboundAchTransfer decline(String transferId, String reason);

        /** @throws SandboxException 409 when it is not accepted */
        InboundAchTransfer returnTransfer(String transferId, String reason);

        InboundAchTransfer get(String transferId);

        /** Every transfer, newest first. */
        List<InboundAchTransfer> all();

        /** An account's transfers, newest first. */
        List<InboundAchTransfer> of(String accountId);
    }

    /** Insurance payments ({@code POST /_sandbox/insurance-payments}). */
    public interface InsurancePayments {
        /**
         * @throws SandboxException 400 when its claims do not balance; 409 when it is paid by check to an
         *     entity without a lockbox
         */
        InsurancePayment.Received receive(InsurancePayment payment);

        default InsurancePayment.Received receive(InsurancePayment.Builder payment) {
            return receive(payment.build());
        }
    }

    /** Remittance advice. */
    public interface Eras {
        /**
         * An ERA by its id, also while its money has not arrived ({@link Era#transactionId()} null).
         *
         * @throws SandboxException 404 for an unknown id, or an ERA still on its way ({@code era_delay})
         */
        Era get(String eraId);

        /**
         * The ERA a remittance lists ({@code remittance_X} is {@code era_X}), paid or not: the JSON form of
         * the 835 that {@link #x12} serves.
         *
         * @throws SandboxException 404 as {@code GET /v0/remittances/{id}/era} answers it
         */
        Era ofRemittance(String remittanceId);

        /** @throws SandboxException 404 when the transaction paid no ERA */
        Era ofTransaction(String transactionId);

        /** An entity's remittances, newest first. */
        List<Remittance> remittances(String entityId);

        /** A remittance's ERA as the raw X12 835 the API serves. */
        String x12(String remittanceId);
    }

    /** Lockbox mail. */
    public interface Lockbox {
        /**
         * Mail arrives at a provider's lockbox ({@code POST /_sandbox/providers/{id}/mail}); its
         * submitted checks are deposited, each with a hold.
         */
        MailItem receiveMail(String providerId, MailItem.Incoming mail);

        /** A provider's mail, newest first. */
        List<MailItem> mail(String providerId);
    }

    /** Check deposits. */
    public interface CheckDeposits {
        CheckDeposit get(String checkDepositId);

        /** A pending check is deposited. @throws SandboxException 409 when it is not pending */
        CheckDeposit submit(String checkDepositId);

        /** The paying bank sends a deposited check back. @throws SandboxException 409 when it is not submitted */
        CheckDeposit returnDeposit(String checkDepositId, String reason);
    }

    /** External accounts. */
    public interface ExternalAccounts {
        ExternalAccount get(String externalAccountId);

        /** @throws SandboxException 409 when it is archived already */
        ExternalAccount archive(String externalAccountId);
    }

    /** Outbound ACH transfers ({@code POST /v0/ach-transfer} creates them). */
    public interface AchTransfers {
        AchTransfer get(String achTransferId);

        /** One over the approval threshold goes on. */
        AchTransfer approve(String achTransferId);

        AchTransfer reject(String achTransferId);

        AchTransfer cancel(String achTransferId);

        AchTransfer returnTransfer(String achTransferId, String reason);
    }

    /**
     * Webhooks. Deliveries go out on the sandbox's own threads after the change commits; a test waits
     * for what it expects with one of the {@code await} calls, never with its own loop.
     */
    public interface Webhooks {
        /** Sends both events, as the default key sees them, to {@code url} ({@code inbox} for the sandbox's own receiver). */
        default WebhookEndpoint subscribe(String url) {
            return subscribe(WebhookEndpoint.Registration.of(url));
        }

        WebhookEndpoint subscribe(WebhookEndpoint.Registration registration);

        WebhookEndpoint unsubscribe(String endpointId);

        /** Those given at start, then those subscribed since. */
        List<WebhookEndpoint> endpoints();

        /** Every delivery since start (or the last reset), newest first, with its attempts. */
        List<WebhookDelivery> deliveries();

        /** Sends a delivery again now, with the same {@code webhook-id}. */
        WebhookDelivery redeliver(String deliveryId);

        /** What the sandbox's own receiver got, newest first. */
        List<ReceivedWebhook> inbox();

        /** Waits until a delivery of {@code event} succeeded; the oldest such is answered. */
        WebhookDelivery awaitDelivered(String event, Duration within);

        /** Waits until a delivery of {@code event} that {@code matching} accepts succeeded. */
        WebhookDelivery awaitDelivered(String event, Predicate<WebhookDelivery> matching, Duration within);

        /** Waits until {@code count} deliveries of {@code event} succeeded; answers them, oldest first. */
        List<WebhookDelivery> awaitDelivered(int count, String event, Duration within);

        /**
         * Waits until a delivery of {@code event} has had at least {@code attempts} attempts, failed or
         * not (a receiver that answered 500 once: {@code awaitAttempts(event, 1, ...)}, then look at
         * its {@code attempts()}).
         */
        WebhookDelivery awaitAttempts(String event, int attempts, Duration within);

        /**
         * The general wait: until some delivery satisfies {@code condition}; after {@code within}
         * throws an {@link AssertionError} saying {@code what} it waited for and listing every
         * delivery there was.
         */
        WebhookDelivery await(String what, Predicate<WebhookDelivery> condition, Duration within);
    }

    /** Scripted failures. */
    public interface Faults {
        /** The next matching request gets {@code status}; answers the faults now scripted. */
        default List<Fault> inject(String method, String path, int status) {
            return inject(Fault.of(method, path, status));
        }

        List<Fault> inject(Fault fault);

        List<Fault> list();

        void clear();
    }

    /** The request journal. */
    public interface Journal {
        /** Every /v0 request since the last reset (or clear), oldest first. */
        List<RecordedRequest> requests();

        /**
         * The requests matching {@code method} and {@code path} as faults match them: a path ending in
         * {@code *} matches as a prefix ({@code /v0/cards/*}), one without {@code ?} ignores the query.
         */
        List<RecordedRequest> requests(String method, String path);

        /** Forgets what was served so far, so a test can look only at what follows. */
        void clear();
    }
}
