package io.bankssandbox.internal.http;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.openapi.SchemaValidator;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The path every request travels: one filter per step, composed here in the order the steps run.
 * Read a chain top to bottom: each filter runs before the ones below it, and sees their answer
 * (or refusal) on the way back out.
 *
 * <pre>
 * /v0             journal, write, faults, errors, clock, auth, rate limit, persistence,
 *                 idempotency key, body, idempotency, validation, route
 * /_sandbox       journal, write, errors, clock, auth (admin token), persistence,
 *                 idempotency key, body, idempotency, validation, route
 * public pages    write, errors, clock, auth (nobody), body, validation, route
 * unknown route   [journal, write, faults, errors (/v0)] or [write, errors], then 404
 * </pre>
 *
 * A /v0 GET that carries {@code Banks-Sandbox-Read: operator} travels the /_sandbox chain: the operator reads what
 * the route answers (every entity, behind the admin token if any) without being journaled, faulted
 * or rate limited, as the Java handle's reads do. Clients that script the bank (the npm package's)
 * read through it, so a test's own reads never show among what the application under test asked.
 */
public final class HttpPipeline {
    /**
     * Which guards a route family has. PUBLIC routes are pages the sandbox hands out by
     * unguessable URL (card details): no Authorization, whatever the admin token.
     */
    public enum Family { API, CONTROL, PUBLIC }

    private static final String OPERATOR_READ_HEADER = "Banks-Sandbox-Read";

    private final PersistenceFilter persistence = new PersistenceFilter();
    private final ServedMethods served = new ServedMethods();
    private final IdempotencyFilter idempotency;
    private final List<Filter> api;
    private final List<Filter> control;
    private final List<Filter> pages;
    private final List<Filter> unknownApiRoute;
    private final List<Filter> unknownRoute;
    private final Filter writing = new WriteFilter();
    private final Filter errors = new ErrorFilter();

    public HttpPipeline(SandboxClock clock, TimeMachine timeMachine, Supplier<List<ApiKey>> apiKeys,
                        SchemaValidator validator, IdempotencyStore idempotencyStore, RequestJournal journal,
                        FaultInjector faults, RateLimiter rateLimiter, String adminToken) {
        Filter journaling = new JournalFilter(journal, clock);
        Filter faulting = new FaultFilter(faults);
        Filter clockCatchUp = new ClockFilter(timeMachine);
        Filter auth = new AuthFilter(apiKeys, adminToken);
        Filter rateLimit = new RateLimitFilter(rateLimiter);
        Filter idempotencyKey = new IdempotencyKeyFilter(validator);
        Filter body = new BodyFilter();
        this.idempotency = new IdempotencyFilter(idempotencyStore, clock);
        Filter validation = new ValidationFilter(validator);
        Filter route = new RouteFilter();

        // faults outside errors: a fault after processing replaces a refusal too, once it is the answer
        this.api = List.of(journaling, writing, faulting, errors, clockCatchUp, auth, rateLimit, persistence,
                idempotencyKey, body, idempotency, validation, route);
        this.control = List.of(journaling, writing, errors, clockCatchUp, auth, persistence,
                idempotencyKey, body, idempotency, validation, route);
        this.pages = List.of(writing, errors, clockCatchUp, auth, body, validation, route);
        Filter notFound = new NotFoundFilter();
        this.unknownApiRoute = List.of(journaling, writing, faulting, errors, notFound);
        this.unknownRoute = List.of(writing, errors, notFound);
    }

    /** Where a request's changes are made durable before it is answered (the state file); none by default. */
    public void durability(Durability durability) {
        persistence.durability(durability);
    }

    /** How an idempotent replay renders the current state of what the first request created. */
    public void registerReplay(String kind, ReplayRenderer renderer) {
        idempotency.registerReplay(kind, renderer);
    }

    /** The methods each path serves, as routes register (what OPTIONS answers). */
    public ServedMethods served() {
        return served;
    }

    /**
     * Any OPTIONS, before auth and routing: on a path some route serves, 204 with {@code Allow} (and, for
     * a preflight from an allowed origin, the CORS answer); a preflight on any other path still gets its
     * 204 (the request it announces then meets its documented 404, as the page should see); a plain
     * OPTIONS there is the unknown route it is.
     */
    public void options(Context ctx, CorsPolicy cors) {
        java.util.Set<String> allow = served.at(ctx.path());
        if (allow.isEmpty() && !CorsPolicy.isPreflight(ctx)) {
            notFound(ctx);
            return;
        }
        cors.preflight(ctx, allow, served.anywhere());
    }

    /** Serves one request of a documented operation. */
    void serve(Context ctx, Family family, Route route) {
        if (family == Family.API && "GET".equals(ctx.method().name()) && isOperatorRead(ctx)) {
            family = Family.CONTROL;
        }
        List<Filter> chain = switch (family) {
            case API -> api;
            case CONTROL -> control;
            case PUBLIC -> pages;
        };
        run(new Exchange(chain, ctx, family, route, ctx.method().name(), target(ctx), ctx.pathParamMap()));
    }

    /**
     * Runs the exchange's chain; a fault that closes the connection does so last, once the journal holds
     * the exchange, so a test that sees the I/O error finds it journaled.
     */
    private static void run(Exchange exchange) {
        exchange.proceed();
        if (exchange.resetsConnection()) {
            ConnectionReset.reset(exchange.ctx);
        }
    }

    /** An unknown route: {@code Cannot GET /path}, journaled (and open to faults) like any /v0 exchange. */
    public void notFound(Context ctx) {
        String target = target(ctx);
        boolean v0 = target.startsWith("/v0");
        run(new Exchange(v0 ? unknownApiRoute : unknownRoute, ctx, v0 ? Family.API : Family.CONTROL,
                new Route(null, ErrorShape.atPath(ctx.path()), null, null), ctx.method().name(), target, Map.of()));
    }

    /**
     * A request for something that is gone (or never was), answered with {@code refusal} (a
     * {@link io.bankssandbox.internal.state.DomainException} or {@link ApiException}) in the error shape
     * of the routes at {@code path}, and never journaled: a sandbox on demand that was closed, reached
     * through the path it had.
     */
    public void refuse(Context ctx, String path, RuntimeException refusal) {
        Filter refusing = exchange -> {
            throw refusal;
        };
        new Exchange(List.of(writing, errors, refusing), ctx, Family.CONTROL, new Route(null, ErrorShape.atPath(path), null, null),
                ctx.method().name(), target(ctx), Map.of()).proceed();
    }

    private static boolean isOperatorRead(Context ctx) {
        String value = ctx.header(OPERATOR_READ_HEADER);
        return value != null && value.trim().equalsIgnoreCase("operator");
    }

    private static String target(Context ctx) {
        String query = ctx.queryString();
        return query == null || query.isEmpty() ? ctx.path() : ctx.path() + "?" + query;
    }
}
