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
import io.javalin.compression.CompressionStrategy;
import io.javalin.compression.Gzip;
import io.javalin.http.servlet.JavalinServlet;
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
                : new OnDemandSandboxes(config, served(), this::launch);
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
        // Javalin builds the routes and the request lifecycle; the JVM's one Jetty server serves them
        // (JettyHost), started in the background while this thread reads fixtures and wires routes
        this.app = Javalin.create(javalin -> {
            // never started (JettyHost serves it), so Javalin's startup watcher, a non-daemon thread per
            // app that sleeps 5 s to warn of that, would only keep a JVM whose sandboxes are closed alive
            javalin.startup.startupWatcherEnabled = false;
            javalin.http.maxRequestSize = 64L * 1024 * 1024; // our BodyReader enforces the 1 MiB limit
            javalin.startup.showJavalinBanner = false;
            // Javalin copies each answer to the socket through a buffer it allocates per request, 32 KiB
            // by default: thirty times a card's JSON, and zeroing it was a tenth of a GET's CPU
            javalin.http.responseBufferSize = 4096;
            javalin.http.compressionStrategy = compression();
            org.slf4j.Logger requests = org.slf4j.LoggerFactory.getLogger("io.bankssandbox.internal.requests");
            if (config.verbose() && requests.isInfoEnabled()) {
                // one line per request when asked for; otherwise no cost at all
                javalin.requestLogger.http((ctx, ms) -> requests.info("{} {} -> {} ({} ms)", ctx.method().name(),
                        ctx.queryString() == null ? ctx.path() : ctx.path() + "?" + ctx.queryString(),
                        ctx.statusCode(), String.format("%.1f", ms)));
            }
            javalin.routes.before(cors::decorate);
            // OPTIONS is answered before auth and routing: Allow for the path, CORS for a preflight
            javalin.routes.options("/*", ctx -> pipeline.options(ctx, cors));
            ApiRouter api = new ApiRouter(javalin.routes, pipeline, Contracts.openApi(), HttpPipeline.Family.API);
            ApiRouter control = new ApiRouter(javalin.routes, pipeline, Contracts.openApi(), HttpPipeline.Family.CONTROL);
            for (Feature feature : features) {
                feature.routes(api);
                feature.controlRoutes(control);
            }
            io.javalin.http.Handler openApiDocument =
                    ctx -> ctx.contentType("application/json; charset=utf-8").result(Contracts.openApi().bytes());
            javalin.routes.get("/_sandbox/openapi.json", openApiDocument);
            javalin.routes.head("/_sandbox/openapi.json", openApiDocument);
            pipeline.served().add("GET", "/_sandbox/openapi.json");
            List<HandlerType> methods = List.of(HandlerType.GET, HandlerType.HEAD, HandlerType.POST, HandlerType.PUT,
                    HandlerType.PATCH, HandlerType.DELETE);
            if (onDemand != null) {
                // the path of a sandbox on demand that was closed (or never started) comes here: say that sandbox is gone
                io.javalin.http.Handler gone = ctx -> pipeline.refuse(ctx, "/" + ctx.pathParamMap().getOrDefault("rest", ""),
                        io.bankssandbox.internal.state.DomainException.notFound("Sandbox", ctx.pathParam("sandbox_id")));
                for (HandlerType method : methods) {
                    javalin.routes.addEndpoint(new io.javalin.router.Endpoint(method, OnDemandSandboxes.PATH + "{sandbox_id}", gone));
                    javalin.routes.addEndpoint(new io.javalin.router.Endpoint(method, OnDemandSandboxes.PATH + "{sandbox_id}/<rest>", gone));
                }
            }
            for (HandlerType method : methods) {
                javalin.routes.addEndpoint(new io.javalin.router.Endpoint(method, "/*", pipeline::notFound));
            }
            // any other method (TRACE, CONNECT, one Javalin has never heard of) has no endpoint at all: its
            // unknown route gets the same answer, instead of Javalin's plain-text "Endpoint ... not found"
            javalin.routes.exception(io.javalin.router.EndpointNotFound.class, (e, ctx) -> pipeline.notFound(ctx));
        });
        this.activity = new RequestActivity(new JavalinServlet(app.unsafe));
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

    /**
     * Javalin's default gzip, with JSON named as a type to compress: otherwise, before every answer
     * is written, Javalin searches the content type for each of ten excluded types, ignoring case
     * (another tenth of a GET's CPU), to reach the same decision.
     */
    private static CompressionStrategy compression() {
        CompressionStrategy gzip = new CompressionStrategy(null, new Gzip());
        List<String> allowed = new java.util.ArrayList<>(gzip.getAllowedMimeTypes());
        allowed.addAll(List.of("application/json;charset=utf-8", "application/json; charset=utf-8"));
        gzip.setAllowedMimeTypes(allowed);
        return gzip;
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
     * own (what a client reached this one through reaches it too: a published container port, a proxy).
     */
    private OnDemandSandboxes.Served launch(RuntimeConfig config, String path) {
        SandboxServer server = new SandboxServer(config);
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

    /**
     * The build's step (sandbox-core's {@code process-classes}): {@code CLASSES GENERATED_SOURCES SET...}
     * checks each shipped fixture set against {@link #MODEL}, records its digest (see
     * {@link VerifiedFixtureSets}) and binds it into {@link #PREBUILT_FIXTURE_SETS} (see
     * {@link PrebuiltFixtureSets}), compiled into CLASSES; then writes the index of the OpenAPI document's
     * operations into CLASSES (see {@code OperationIndex}).
     */
    public static void main(String[] args) throws java.io.IOException {
        java.nio.file.Path classes = java.nio.file.Path.of(args[0]);
        List<String> sets = List.of(args).subList(2, args.length);
        String[] verified = new String[sets.size() + 1];
        verified[0] = classes.resolve(VerifiedFixtureSets.RESOURCE).toString();
        for (int i = 0; i < sets.size(); i++) {
            verified[i + 1] = sets.get(i);
        }
        VerifiedFixtureSets.write(FIXTURES.codec(), verified);
        PrebuiltFixtureSets.write(FIXTURES.codec(), classes, java.nio.file.Path.of(args[1]), PREBUILT_FIXTURE_SETS, sets);
        Contracts.writeOperationIndex(classes);
    }
}
