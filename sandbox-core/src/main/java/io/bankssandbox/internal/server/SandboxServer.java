package io.bankssandbox.internal.server;

import io.bankssandbox.internal.accounts.AccountDetailsFeature;
import io.bankssandbox.internal.accounts.AccountsFeature;
import io.bankssandbox.internal.ach.InboundAchFeature;
import io.bankssandbox.internal.cards.CardsFeature;
import io.bankssandbox.internal.control.ControlFeature;
import io.bankssandbox.internal.entities.EntitiesFeature;
import io.bankssandbox.internal.externalaccounts.ExternalAccountsFeature;
import io.bankssandbox.internal.era.EraFeature;
import io.bankssandbox.internal.era.RemittancesFeature;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.durable.StateFile;
import io.bankssandbox.internal.durable.StateFileOpener;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.CorsPolicy;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.lockbox.LiveLockboxFeature;
import io.bankssandbox.internal.lockbox.LockboxFeature;
import io.bankssandbox.internal.carddetails.CardDetailsFeature;
import io.bankssandbox.internal.entities.EntityDetailsFeature;
import io.bankssandbox.internal.transactions.TransactionsFeature;
import io.bankssandbox.internal.transfers.TransfersFeature;
import io.bankssandbox.internal.http.HeadAsGet;
import io.bankssandbox.internal.http.JettyHost;
import io.bankssandbox.internal.ondemand.OnDemandFeature;
import io.bankssandbox.internal.ondemand.OnDemandSandboxes;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.fixtures.FixtureSnapshots;
import io.bankssandbox.internal.fixtures.PrebuiltFixtureSets;
import io.bankssandbox.internal.fixtures.StateCodec;
import io.bankssandbox.internal.fixtures.VerifiedFixtureSets;
import io.bankssandbox.internal.state.StateModel;
import io.bankssandbox.internal.accounts.AccountsModel;
import io.bankssandbox.internal.ach.InboundAchModel;
import io.bankssandbox.internal.cards.CardsModel;
import io.bankssandbox.internal.entities.EntitiesModel;
import io.bankssandbox.internal.era.EraModel;
import io.bankssandbox.internal.externalaccounts.ExternalAccountsModel;
import io.bankssandbox.internal.lockbox.LockboxModel;
import io.bankssandbox.internal.transfers.TransfersModel;
import io.bankssandbox.internal.webhooks.WebhooksModel;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import java.util.List;

/**
 * Assembles one sandbox: its runtime, its features, and the Javalin routes in front of them, mounted
 * on the JVM's Jetty server. This is the one place that names every feature: {@link #MODEL} merges
 * what each keeps, the constructor wires what each serves. Adding a feature is a package of its own
 * plus a line in each.
 */
public final class SandboxServer {
    private final SandboxRuntime runtime;
    private final List<Feature> features;
    private final Javalin app;
    private final String host;
    private final int requestedPort;
    private JettyHost.Mount mount;
    private final StateFile stateFile;
    /** Closing twice is harmless: a JUnit store may hold the sandbox under two closing contracts. */
    private final java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
    private final io.bankssandbox.internal.webhooks.WebhookService webhooks;
    /** The sandboxes this one started on demand; null when it starts none. */
    private final OnDemandSandboxes onDemand;
    private final RequestActivity activity;

    /** What every sandbox keeps: each feature's tables, settings and load rules, in one model. */
    public static final StateModel MODEL = StateModel.merge(List.of(EntitiesModel.PART, AccountsModel.PART,
            CardsModel.PART, InboundAchModel.PART, LockboxModel.PART, EraModel.PART, ExternalAccountsModel.PART,
            TransfersModel.PART, WebhooksModel.PART));
    /**
     * The class the build writes with the shipped fixture sets bound to their records (see
     * {@link PrebuiltFixtureSets}); in this package, as it names every feature's records.
     */
    public static final String PREBUILT_FIXTURE_SETS = "io.bankssandbox.internal.server.GeneratedFixtureSets";
    /** Fixture sets decoded for {@link #MODEL}, classpath ones once per JVM (shipped ones as the build bound them). */
    public static final FixtureSnapshots FIXTURES = new FixtureSnapshots(new StateCodec(MODEL),
            PrebuiltFixtureSets.provider(PREBUILT_FIXTURE_SETS));

    public SandboxServer(RuntimeConfig config) {
        this(config, config.onDemand() != null ? config.onDemand().ticker() : System::nanoTime);
    }

    /** {@code ticker}: what this sandbox's idle time is measured on (its host's, for one started on demand). */
    private SandboxServer(RuntimeConfig config, java.util.function.LongSupplier ticker) {
        warmUp();
        this.host = config.host();
        this.requestedPort = config.port();
        this.runtime = new SandboxRuntime(config, FIXTURES);
        HttpPipeline pipeline = new HttpPipeline(runtime.clock(), runtime.timeMachine(),
                () -> runtime.state().readUnlocked(s -> s.apiKeys), Contracts.openApiValidator(), runtime.idempotency(),
                runtime.journal(), runtime.faults(), runtime.rateLimiter(), config.adminToken());
        this.webhooks = new io.bankssandbox.internal.webhooks.WebhookService(runtime, "banks-sandbox-webhooks",
                SandboxVersion.current());
        this.onDemand = config.onDemand() == null ? null
                : new OnDemandSandboxes(config, served(), (child, path) -> launch(child, path, ticker));
        List<Feature> installed = new java.util.ArrayList<>(List.of(
                new EntitiesFeature(runtime),
                new AccountsFeature(runtime),
                new CardsFeature(runtime, pipeline),
                new LockboxFeature(runtime),
                new ExternalAccountsFeature(runtime, pipeline),
                new InboundAchFeature(runtime),
                new EraFeature(runtime),
                new EntityDetailsFeature(runtime),
                new AccountDetailsFeature(runtime),
                new TransactionsFeature(runtime, pipeline),
                new TransfersFeature(runtime, pipeline),
                new CardDetailsFeature(runtime),
                new LiveLockboxFeature(runtime),
                new RemittancesFeature(runtime),
                new io.bankssandbox.internal.ui.DashboardFeature(),
                new ControlFeature(runtime),
                new io.bankssandbox.internal.webhooks.WebhooksFeature(webhooks),
                new io.bankssandbox.internal.onboarding.OnboardingFeature(runtime)));
        if (onDemand != null) {
            installed.add(new OnDemandFeature(onDemand));
        }
        this.features = List.copyOf(installed);
        runtime.install(features);
        this.stateFile = config.stateFile() == null ? null : StateFileOpener.open(runtime, config.stateFile());
        if (stateFile != null) {
            pipeline.durability(stateFile);
            // a receiver must never hear of a change a crash could still lose: deliveries wait for the disk
            webhooks.durableBarrier(stateFile::awaitCommitted);
        }
        CorsPolicy cors = new CorsPolicy(config.corsOrigins());
        // the routes are recorded, not built: the JVM's app for sandboxes with these routes serves them
        // (SharedApps), on the JVM's one Jetty server (JettyHost), started in the background meanwhile
        RecordedRoutes routes = new RecordedRoutes();
        route(routes, pipeline, cors);
        org.slf4j.Logger requests = org.slf4j.LoggerFactory.getLogger("io.bankssandbox.internal.requests");
        SharedApps.App shared = SharedApps.app(routes, config.verbose() && requests.isInfoEnabled() ? requests : null);
        this.app = shared.javalin();
        this.activity = new RequestActivity(SharedApps.servlet(shared, routes), ticker);
    }

    /** This sandbox's endpoints: every feature's routes, then what answers the rest (OPTIONS, HEAD, unknown paths). */
    private void route(RecordedRoutes routes, HttpPipeline pipeline, CorsPolicy cors) {
        routes.before(cors::decorate);
        // OPTIONS is answered before auth and routing: Allow for the path, CORS for a preflight
        routes.options("/*", ctx -> pipeline.options(ctx, cors));
        ApiRouter api = new ApiRouter(routes, pipeline, Contracts.openApi(), HttpPipeline.Family.API);
        ApiRouter control = new ApiRouter(routes, pipeline, Contracts.openApi(), HttpPipeline.Family.CONTROL);
        for (Feature feature : features) {
            feature.routes(api);
            feature.controlRoutes(control);
        }
        io.javalin.http.Handler openApiDocument =
                ctx -> ctx.contentType("application/json; charset=utf-8").result(Contracts.openApi().bytes());
        routes.get("/_sandbox/openapi.json", openApiDocument);
        pipeline.served().add("GET", "/_sandbox/openapi.json");
        // the path of a sandbox on demand that was closed (or never started) comes here too: that sandbox is gone
        io.javalin.http.Handler unknown = onDemand == null ? pipeline::notFound : ctx -> {
            String gone = OnDemandSandboxes.idIn(ctx.path());
            if (gone == null) {
                pipeline.notFound(ctx);
            } else {
                pipeline.refuse(ctx, OnDemandSandboxes.restOf(ctx.path()),
                        io.bankssandbox.internal.state.DomainException.notFound("Sandbox", gone));
            }
        };
        for (HandlerType method : List.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT, HandlerType.PATCH,
                HandlerType.DELETE)) { // HEAD: HeadAsGet, below
            routes.addEndpoint(new io.javalin.router.Endpoint(method, "/*", unknown));
        }
        // every HEAD is its path's GET (an unknown path's too: the GET catch-all above), through one
        // endpoint rather than one per GET route, each of which a further sandbox built again
        routes.addEndpoint(new io.javalin.router.Endpoint(HandlerType.HEAD, "/*", new HeadAsGet(this::router, unknown)));
        // any other method (TRACE, CONNECT, one Javalin has never heard of) has no endpoint at all: its
        // unknown route gets the same answer, instead of Javalin's plain-text "Endpoint ... not found"
        routes.exception(io.javalin.router.EndpointNotFound.class, (e, ctx) -> pipeline.notFound(ctx));
    }

    private io.javalin.router.InternalRouter router() {
        return app.unsafe.internalRouter;
    }

    /**
     * Starts, on background threads, what every first sandbox of a JVM needs whatever its
     * configuration: the JVM's HTTP server and the parsed API contract. Once per JVM; later calls
     * return at once.
     */
    public static void warmUp() {
        JettyHost.startInBackground();
        Contracts.loadInBackground();
    }

    /** The installed feature of {@code type}: the typed handle calls the operations the routes call. */
    public <F extends Feature> F feature(Class<F> type) {
        for (Feature feature : features) {
            if (type.isInstance(feature)) {
                return type.cast(feature);
            }
        }
        throw new IllegalArgumentException("no feature " + type.getSimpleName() + " in this sandbox");
    }

    public SandboxRuntime runtime() {
        return runtime;
    }

    public io.bankssandbox.internal.webhooks.WebhookService webhooks() {
        return webhooks;
    }


    public void start() {
        try {
            mount = JettyHost.shared().mount(host, requestedPort, activity);
        } catch (Exception e) {
            if (stateFile != null) {
                stateFile.close(); // not serving: the state file (and its lock) is free for the next start
            }
            if (e instanceof java.io.IOException io) {
                throw new java.io.UncheckedIOException("could not listen on " + host + ":" + requestedPort + ": "
                        + io.getMessage(), io);
            }
            throw new IllegalStateException("could not start serving on " + host + ":" + requestedPort + ": "
                    + e.getMessage(), e);
        }
    }

    public int port() {
        return mount.port();
    }

    /**
     * A sandbox started on demand: served under {@code path} of this one's port, with no port of its
     * own (what a client reached this one through reaches it too: a published container port, a proxy);
     * its idle time measured on {@code ticker}, its host's.
     */
    private OnDemandSandboxes.Served launch(RuntimeConfig config, String path, java.util.function.LongSupplier ticker) {
        SandboxServer server = new SandboxServer(config, ticker);
        try {
            server.mount = mount.mountUnder(path, server.activity);
        } catch (jakarta.servlet.ServletException e) {
            server.webhooks.close();
            throw new IllegalStateException("could not serve a sandbox under " + path + ": " + e.getMessage(), e);
        }
        return server.served();
    }

    /** This sandbox as the registry of sandboxes on demand sees it. */
    private OnDemandSandboxes.Served served() {
        return new OnDemandSandboxes.Served() {
            @Override
            public SandboxRuntime runtime() {
                return runtime;
            }

            @Override
            public java.time.Duration idleFor() {
                return activity.idleFor();
            }

            @Override
            public void close() {
                stop();
            }
        };
    }

    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        if (onDemand != null) {
            onDemand.close(); // they close with the sandbox that started them
        }
        mount.close();
        webhooks.close();
        if (stateFile != null) {
            stateFile.close(); // a last snapshot: the file alone is then the whole state
        }
    }
}
