package io.bankssandbox.internal.server;

import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.compression.Gzip;
import io.javalin.http.Context;
import io.javalin.http.servlet.JavalinServlet;
import io.javalin.router.Endpoint;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JVM's Javalin apps: one for each set of endpoints sandboxes register ({@link RecordedRoutes#shape},
 * the same for every sandbox of a kind) and each request logging, built by the first such sandbox and
 * serving every one after it. An app holds no sandbox's state, only dispatchers: each sandbox's servlet
 * ({@link #servlet}) marks a request with that sandbox's recorded routes, and the endpoint Javalin
 * matches runs the handler that sandbox registered for it. Javalin builds the routing (path patterns,
 * path parameters, the request lifecycle); the JVM's one Jetty server serves it ({@code JettyHost}).
 */
final class SharedApps {
    /** The request attribute holding the {@link RecordedRoutes} of the sandbox the request came in for. */
    private static final String SANDBOX_ROUTES = "io.bankssandbox.sandboxRoutes";
    private static final Map<List<Object>, App> APPS = new ConcurrentHashMap<>();

    /** An app and its servlet. */
    record App(Javalin javalin, JavalinServlet servlet) {}

    private SharedApps() {}

    /** The app for sandboxes with {@code routes}' endpoints; {@code logRequests}: one line per request. */
    static App app(RecordedRoutes routes, org.slf4j.Logger logRequests) {
        return APPS.computeIfAbsent(List.of(List.copyOf(routes.shape()), logRequests != null),
                shape -> build(routes, logRequests));
    }

    /** The servlet of one sandbox: {@code app}'s, every request marked as that sandbox's. */
    static Servlet servlet(App app, RecordedRoutes routes) {
        return new Marking(app.servlet(), routes);
    }

    private static App build(RecordedRoutes routes, org.slf4j.Logger logRequests) {
        Javalin javalin = Javalin.create(config -> {
            // never started (JettyHost serves it), so Javalin's startup watcher, a non-daemon thread per
            // app that sleeps 5 s to warn of that, would only keep a JVM whose sandboxes are closed alive
            config.startup.startupWatcherEnabled = false;
            config.http.maxRequestSize = 64L * 1024 * 1024; // our BodyReader enforces the 1 MiB limit
            config.startup.showJavalinBanner = false;
            // Javalin copies each answer to the socket through a buffer it allocates per request, 32 KiB
            // by default: thirty times a card's JSON, and zeroing it was a tenth of a GET's CPU
            config.http.responseBufferSize = 4096;
            config.http.compressionStrategy = compression();
            if (logRequests != null) {
                // one line per request when asked for; otherwise no cost at all
                config.requestLogger.http((ctx, ms) -> logRequests.info("{} {} -> {} ({} ms)", ctx.method().name(),
                        ctx.queryString() == null ? ctx.path() : ctx.path() + "?" + ctx.queryString(),
                        ctx.statusCode(), String.format("%.1f", ms)));
            }
            for (Endpoint endpoint : routes.endpoints()) {
                String key = RecordedRoutes.key(endpoint);
                config.routes.addEndpoint(new Endpoint(endpoint.method, endpoint.path, ctx -> routesOf(ctx).handle(key, ctx)));
            }
            for (Class<? extends Exception> type : routes.exceptionTypes()) {
                config.routes.exception(type, (e, ctx) -> routesOf(ctx).handleException(type, e, ctx));
            }
        });
        return new App(javalin, new JavalinServlet(javalin.unsafe));
    }

    private static RecordedRoutes routesOf(Context ctx) {
        return (RecordedRoutes) ctx.req().getAttribute(SANDBOX_ROUTES);
    }

    /**
     * Javalin's default gzip, with JSON named as a type to compress: otherwise, before every answer
     * is written, Javalin searches the content type for each of ten excluded types, ignoring case
     * (another tenth of a GET's CPU), to reach the same decision.
     */
    private static CompressionStrategy compression() {
        CompressionStrategy gzip = new CompressionStrategy(null, new Gzip());
        List<String> allowed = new ArrayList<>(gzip.getAllowedMimeTypes());
        allowed.addAll(List.of("application/json;charset=utf-8", "application/json; charset=utf-8"));
        gzip.setAllowedMimeTypes(allowed);
        return gzip;
    }

    /** A sandbox's servlet: marks each request as that sandbox's, then the shared app serves it. */
    private static final class Marking implements Servlet {
        private final JavalinServlet shared;
        private final RecordedRoutes routes;

        Marking(JavalinServlet shared, RecordedRoutes routes) {
            this.shared = shared;
            this.routes = routes;
        }

        @Override
        public void init(ServletConfig config) throws ServletException {
            synchronized (shared) { // every sandbox is mounted in the same servlet context: initialized once
                if (shared.getServletConfig() == null) {
                    shared.init(config);
                }
            }
        }

        @Override
        public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
            request.setAttribute(SANDBOX_ROUTES, routes);
            shared.service(request, response);
        }

        @Override
        public ServletConfig getServletConfig() {
            return shared.getServletConfig();
        }

        @Override
        public String getServletInfo() {
            return shared.getServletInfo();
        }

        @Override
        public void destroy() {
            // the shared app outlives any one sandbox
        }
    }
}
