package io.bankssandbox;

import io.bankssandbox.internal.requests.JournalEntry;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.accounts.AccountReads;
import io.bankssandbox.internal.ach.InboundAchControls;
import io.bankssandbox.internal.era.InsurancePaymentControls;
import io.bankssandbox.internal.cards.CardControls;
import io.bankssandbox.internal.clock.ClockEvent;
import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.control.FaultControls;
import io.bankssandbox.internal.control.Journal;
import io.bankssandbox.internal.era.EraReads;
import io.bankssandbox.internal.externalaccounts.ExternalAccountControls;
import io.bankssandbox.internal.lockbox.CheckDepositControls;
import io.bankssandbox.internal.lockbox.LockboxControls;
import io.bankssandbox.internal.runtime.LibraryLogging;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.transactions.TransactionReads;
import io.bankssandbox.internal.transfers.AchTransferControls;
import io.bankssandbox.internal.webhooks.WebhookControls;
import io.bankssandbox.internal.onboarding.EntityControls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A running Banks Sandbox: the /v0 API and the control API on a local port, over in-memory state
 * seeded from fixtures. Cheap to start, instant to reset, closed with {@link #close()}.
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.start()) {
 *     // call sandbox.baseUrl() + "/v0/entities" with "Authorization: Bearer " + sandbox.apiKey()
 *     sandbox.clock().advance(Duration.ofHours(2));
 * }
 * }</pre>
 */
public final class Sandbox implements AutoCloseable {
    /** The key of the default fixture set that sees every entity. */
    public static final String DEFAULT_API_KEY = ApiKey.DEFAULT;

    private final SandboxServer server;
    /** Read once at start: it stays what the sandbox listened on after close, for messages and checks. */
    private final int port;
    private final Clock clock;
    private final InboundAchControls inboundAch;
    private final InsurancePaymentControls insurancePayments;
    private final LockboxControls lockbox;
    private final CardControls cards;
    private final ExternalAccountControls externalAccounts;
    private final AchTransferControls achTransfers;
    private final FaultControls faults;
    private final CheckDepositControls checkDeposits;
    private final Journal journal;
    private final EntityControls entities;
    private final AccountReads accounts;
    private final TransactionReads transactions;
    private final EraReads eras;
    private final WebhookControls webhooks;

    private Sandbox(SandboxServer server) {
        this.server = server;
        this.port = server.port();
        this.clock = new Clock(server.runtime());
        ControlCalls calls = new TypedControlCalls(server.inProcessControl());
        this.inboundAch = new InboundAchControls(calls);
        this.insurancePayments = new InsurancePaymentControls(calls);
        this.lockbox = new LockboxControls(calls);
        this.cards = new CardControls(calls);
        this.externalAccounts = new ExternalAccountControls(calls);
        this.achTransfers = new AchTransferControls(calls);
        this.faults = new FaultControls(calls);
        this.checkDeposits = new CheckDepositControls(calls);
        this.journal = new Journal(server.runtime().journal(), calls);
        this.entities = new EntityControls(calls);
        this.accounts = new AccountReads(calls);
        this.transactions = new TransactionReads(calls);
        this.eras = new EraReads(calls);
        this.webhooks = new WebhookControls(calls, server.webhooks());
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
     */
    public static Sandbox start(SandboxConfig config) {
        if (config.output() != SandboxConfig.Output.VERBOSE) {
            LibraryLogging.quiet(); // before the first library class logs
        }
        SandboxServer server = new SandboxServer(config.toRuntime());
        server.start();
        Sandbox sandbox = new Sandbox(server);
        if (config.output() != SandboxConfig.Output.SILENT) {
            System.err.println("Banks Sandbox " + SandboxVersion.current() + " on " + sandbox.baseUrl() + " (fixtures "
                    + config.fixtures() + "; -D" + SandboxConfig.OUTPUT_PROPERTY + "=verbose for more, =silent for none)");
        }
        return sandbox;
    }

    /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
    public String baseUrl() {
        String host = server.runtime().config().host();
        if ("0.0.0.0".equals(host)) {
            host = "127.0.0.1";
        }
        return "http://" + host + ":" + port;
    }

    public int port() {
        return port;
    }

    /** The default API key: {@code lm_key_sandbox_all} when the fixture set has it, else its first key. */
    public String apiKey() {
        List<SandboxConfig.ApiKey> keys = apiKeys();
        return keys.stream().anyMatch(key -> key.key().equals(DEFAULT_API_KEY)) ? DEFAULT_API_KEY : keys.get(0).key();
    }

    /** Every API key of the current state, in fixture order, with the entities each sees ({@code "*"}: all). */
    public List<SandboxConfig.ApiKey> apiKeys() {
        return server.runtime().state().read(s -> s.apiKeys.stream()
                .map(key -> new SandboxConfig.ApiKey(key.key(), key.description(), key.entityIds())).toList());
    }

    public Clock clock() {
        return clock;
    }

    /*
     * Typed reads: each runs the /v0 GET route's own handler in this JVM as a key that sees every
     * entity would, so it answers what the API answers; they are not journaled (they are not
     * requests of the application under test).
     */

    /** Entities (practices): all, by id, by name; and onboarding: new practices, existing ones connected to more keys. */
    public EntityControls entities() {
        return entities;
    }

    /** Bank accounts with numbers and balances: all, of an entity, by id, by name. */
    public AccountReads accounts() {
        return accounts;
    }

    /** The ledger: an account's transactions, one by id. */
    public TransactionReads transactions() {
        return transactions;
    }

    /** Remittance advice: the ERA of a transaction, an entity's remittances, a remittance's X12 835. */
    public EraReads eras() {
        return eras;
    }

    /*
     * Typed control: each call runs the control route's own handler in this JVM (no HTTP), behind
     * the same schema and rules, so it accepts and refuses exactly what the control API does; a
     * refusal throws SandboxException with the status the API would answer.
     */

    /** Inbound ACH transfers: simulate, accept, decline, return; read one, all, or an account's. */
    public InboundAchControls inboundAch() {
        return inboundAch;
    }

    /** Insurance payments: an ACH credit plus the ERA that reconciles with it. */
    public InsurancePaymentControls insurancePayments() {
        return insurancePayments;
    }

    /** Lockbox mail for a provider. */
    public LockboxControls lockbox() {
        return lockbox;
    }

    /** Card authorizations. */
    public CardControls cards() {
        return cards;
    }

    /** Archive an external account. */
    public ExternalAccountControls externalAccounts() {
        return externalAccounts;
    }

    /** Outbound ACH transfers: approve, reject, cancel, return. */
    public AchTransferControls achTransfers() {
        return achTransfers;
    }

    /** Check deposits: submit a pending one, return a submitted one. */
    public CheckDepositControls checkDeposits() {
        return checkDeposits;
    }

    /** Webhooks: subscribe receivers, read the delivery log and the inbox, wait for a delivery. */
    public WebhookControls webhooks() {
        return webhooks;
    }

    /** Scripted failures of /v0 requests. */
    public FaultControls faults() {
        return faults;
    }

    /** What the /v0 API was asked and answered since the last reset. */
    public Journal journal() {
        return journal;
    }

    /** Back to the fixture state: data, clock, idempotency keys, journal and faults. */
    public void reset() {
        server.runtime().reset();
    }

    /** The whole state as one document (the format of {@code GET /_sandbox/state}). */
    public JsonNode exportState() {
        return server.runtime().exportState();
    }

    /** Replaces the whole state with an exported document; an invalid one changes nothing. */
    public void importState(JsonNode document) {
        server.runtime().importState(document);
    }

    /**
     * Writes the state document to {@code out} as the state is read, row by row: for a large state,
     * no tree and no second copy in memory. Changes wait while it writes.
     */
    public void exportState(OutputStream out) throws IOException {
        server.runtime().exportState(out);
    }

    /**
     * Replaces the whole state with a document read from {@code in} as it arrives, straight into the
     * new state (an export of any size; the HTTP import's size limit does not apply in process). An
     * invalid document changes nothing and throws {@link io.bankssandbox.internal.fixtures.FixtureException}
     * listing file, JSON pointer and rule; a stream that breaks off changes nothing either.
     */
    public void importState(InputStream in) throws IOException {
        server.runtime().importState(in);
    }

    /** The /v0 requests served since the last reset, oldest first (same as {@code journal().entries()}). */
    public List<JournalEntry> requests() {
        return journal.entries();
    }

    /** The runtime behind this sandbox, for the control features and extensions of this project. */
    public SandboxRuntime runtime() {
        return server.runtime();
    }

    @Override
    public void close() {
        server.stop();
    }

    /**
     * The sandbox's clock: read it, move it forward (applying every transition that falls due). A move
     * the control API would refuse (backwards, or past the year 9999) throws {@link SandboxException} 400.
     */
    public static final class Clock {
        private final SandboxRuntime runtime;

        Clock(SandboxRuntime runtime) {
            this.runtime = runtime;
        }

        public Instant now() {
            return runtime.clock().now();
        }

        /** Moves the clock forward, applying every transition that falls due; answers what happened, in time order. */
        public List<ClockEvent> advance(Duration by) {
            try {
                return runtime.timeMachine().advanceBy(by);
            } catch (DomainException e) {
                throw new SandboxException(400, e.messages());
            }
        }

        public List<ClockEvent> advanceTo(Instant to) {
            try {
                return runtime.timeMachine().advanceTo(to);
            } catch (DomainException e) {
                throw new SandboxException(400, e.messages());
            }
        }
    }
}
