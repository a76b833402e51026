package io.bankssandbox.internal.http;

import io.javalin.Javalin;
import io.javalin.http.servlet.JavalinServlet;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * The JVM's one Jetty server, on which every sandbox of the JVM is mounted: a sandbox gets a
 * connector of its own (its own port) or a path on another's port ({@link Mount#mountUnder}), and the
 * server's one servlet context hands a request to the servlet of the sandbox whose connector (and
 * path) it came in on, so two sandboxes never see each other's requests. Starting Jetty's server, its thread pool and its handler tree is most of a sandbox's
 * start and all of its stop; a test suite starting a sandbox per class pays for that once instead
 * of per class. A mount starts no context of its own (a context announces its every start and stop at
 * INFO); the connector it starts and stops announces itself at INFO too, a line that
 * {@code LibraryLogging} keeps out of an application's logging ({@link #serves} tells such lines apart).
 *
 * <p>The server runs on daemon threads and is never stopped: it holds no port of its own, and a
 * JVM whose sandboxes are all closed exits as if it had none.
 */
public final class JettyHost {
    static {
        // Jetty sizes its padding against false sharing by asking the platform MBean server whether
        // oops are compressed; that one question loads ~230 JMX classes, a tenth of a cold start.
        // 16 references per 64-byte line is the answer with compressed oops (heaps under 32 GiB)
        // and only pads more otherwise. A value the user set wins.
        if (System.getProperty("org.eclipse.jetty.util.referencesPerCacheLine") == null) {
            System.setProperty("org.eclipse.jetty.util.referencesPerCacheLine", "16");
        }
    }

    /** How long a connection may sit idle (or a request stall) before the server closes it. */
    static final long IDLE_TIMEOUT_MILLIS = 30 * 60 * 1000L;

    private static final Object STARTING = new Object();
    private static CompletableFuture<JettyHost> shared;

    private final Server server;
    private final MountedServlets mounted = new MountedServlets();
    private final HttpConfiguration http = new HttpConfiguration();
    private final AtomicInteger mounts = new AtomicInteger();

    /**
     * A host of its own, not the JVM's: for the tests of the host itself, which must see each
     * constructor call's effect (the shared one is built once per JVM, before any of them runs).
     */
    static JettyHost startOwn() throws Exception {
        return new JettyHost();
    }

    /** Stops a host of its own ({@link #startOwn}); the shared one is never stopped. */
    void stop() throws Exception {
        server.stop();
    }

    /** For the host's own tests: the connectors the server holds, one per open port (a closed one must not stay). */
    int connectors() {
        return server.getConnectors().length;
    }

    private JettyHost() throws Exception {
        // the pool grows on demand up to 250 threads; a sandbox mostly sees one request at a time
        QueuedThreadPool threads = new QueuedThreadPool(250, 2, 60_000);
        threads.setName(THREAD_NAMES);
        threads.setDaemon(true);
        // the connectors' timers too run on a daemon thread (Jetty's default scheduler's is not)
        server = new HostServer(threads, new ScheduledExecutorScheduler("banks-sandbox-http-timers", true));
        // what Javalin's own server set: paths as clients send them, no Server header
        http.setUriCompliance(UriCompliance.LEGACY);
        http.setSendServerVersion(false);
        // a proxy's Forwarded / X-Forwarded-* become the request's scheme, server name and port
        http.addCustomizer(new ForwardedHeaders());
        server.setErrorHandler(new JsonErrorPages(mounted::servedPath));
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        ServletHolder dispatch = new ServletHolder(mounted);
        dispatch.setInitOrder(0); // initialized as the server starts: mounted servlets share its configuration
        context.addServlet(dispatch, "/*");
        server.setHandler(context);
        server.start();
        warmUp();
    }

    /**
     * One request through the whole stack (connection, HTTP parser, servlet context, a throwaway
     * Javalin app, the response's writer) on an in-memory connector: the ~600 classes every first
     * request loads are then loaded on this background thread, while the thread starting the first
     * sandbox reads its fixtures, instead of while a client waits for its first answer.
     */
    private void warmUp() throws Exception {
        LocalConnector connector = new LocalConnector(server, new PathKeepingConnectionFactory(http));
        connector.setName("warm-up");
        Javalin app = Javalin.create(javalin -> {
            // Javalin's watcher is a non-daemon thread that waits 5 s to warn that the app was never
            // started: this app never is (it is served by this server), and no thread may outlive a run
            javalin.startup.startupWatcherEnabled = false;
            javalin.routes.get("/warm-up", ctx -> {
                ctx.status(200).contentType("application/json; charset=utf-8");
                ctx.outputStream().write(new byte[] {'{', '}'});
            });
        });
        mounted.add(connector, new JavalinServlet(app.unsafe));
        synchronized (this) {
            server.addConnector(connector);
            connector.start();
        }
        try {
            connector.getResponse("GET /warm-up HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        } finally {
            unmount(connector);
        }
    }

    /** The JVM's server for sandboxes, told apart from any other Jetty server of the JVM (an application's). */
    private static final class HostServer extends Server {
        HostServer(QueuedThreadPool threads, ScheduledExecutorScheduler timers) {
            super(threads, timers, null);
        }
    }

    /** Thread names of the server for sandboxes: its start, its pool, its timers. */
    public static final String THREAD_NAMES = "banks-sandbox-http";

    /**
     * Whether a Jetty object a log line names is a connector of the server for sandboxes (a sandbox's
     * port, or the warm-up's), not one of an application's own Jetty server.
     */
    public static boolean serves(Object jettyPart) {
        return jettyPart instanceof Connector connector && connector.getServer() instanceof HostServer;
    }

    /**
     * Starts the JVM's server on a background thread if it is not started yet, so that a caller
     * with other start-up work (reading fixtures, parsing a command line) overlaps the two.
     */
    public static CompletableFuture<JettyHost> startInBackground() {
        synchronized (STARTING) {
            if (shared == null || shared.isCompletedExceptionally()) {
                CompletableFuture<JettyHost> starting = new CompletableFuture<>();
                Thread thread = new Thread(() -> {
                    try {
                        starting.complete(new JettyHost());
                    } catch (Throwable e) {
                        starting.completeExceptionally(e);
                    }
                }, THREAD_NAMES + "-start");
                thread.setDaemon(true);
                thread.start();
                shared = starting;
            }
            return shared;
        }
    }

    /** The JVM's server, started (waits for a start under way). */
    public static JettyHost shared() {
        try {
            return startInBackground().join();
        } catch (CompletionException e) {
            throw new IllegalStateException("the HTTP server could not start: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * Serves {@code servlet} at every path of {@code host:port} (port 0: any free port) until the
     * mount is closed. Fails with the bind error when the port cannot be had.
     */
    public Mount mount(String host, int port, Servlet servlet) throws Exception {
        String name = "sandbox-" + mounts.incrementAndGet();
        // no acceptor thread: the connector's one selector thread accepts too, so a sandbox holds one
        // pool thread while it is open and its first request takes one hand-off fewer
        ServerConnector connector = new ServerConnector(server, 0, 1, new PathKeepingConnectionFactory(http));
        connector.setName(name);
        // Jetty closes a connection idle for 30 s by default; a test suite's HTTP client keeps its
        // pooled connections far longer (the JDK's 20 min) while other classes run, and one it reuses
        // just as the server closes it fails a POST outright (only idempotent requests are retried)
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        connector.setHost(host);
        connector.setPort(port);
        mounted.add(connector, servlet); // before the port opens: its first request finds the servlet
        synchronized (this) {
            try {
                server.addConnector(connector);
                connector.start();
            } catch (Exception e) {
                unmount(connector);
                throw e;
            }
        }
        return new Mount(this, connector, null);
    }

    private synchronized void unmount(AbstractConnector connector) {
        try {
            connector.stop();
        } catch (Exception e) {
            // closing the port is all that matters, and a connector that failed to stop has none left to close
        }
        server.removeConnector(connector);
        mounted.remove(connector);
    }

    /**
     * The server's one servlet: each request goes to the servlet mounted for the connector it came
     * in on, or to one mounted under a path of that connector's when its path starts with that path
     * (see {@link MountedPaths}). A mounted servlet is initialized with this one's configuration (the
     * same context).
     */
    private static final class MountedServlets extends HttpServlet {
        private final transient Map<Connector, MountedPaths> byConnector = new ConcurrentHashMap<>();

        void add(Connector connector, Servlet servlet) throws ServletException {
            servlet.init(getServletConfig());
            byConnector.put(connector, new MountedPaths(servlet));
        }

        void remove(Connector connector) {
            MountedPaths removed = byConnector.remove(connector);
            if (removed != null) {
                removed.destroy();
            }
        }

        void addUnder(Connector connector, String path, Servlet servlet) throws ServletException {
            MountedPaths paths = byConnector.get(connector);
            if (paths == null) {
                throw new IllegalStateException("the mount under " + path + " outlived the port it was mounted on");
            }
            servlet.init(getServletConfig());
            paths.add(path, servlet);
        }

        void removeUnder(Connector connector, String path) {
            MountedPaths paths = byConnector.get(connector);
            if (paths != null) {
                paths.remove(path);
            }
        }

        /** The request's path as the servlet that answers it routes it (see {@link MountedPaths#within}). */
        String servedPath(Request request) {
            String path = request.getHttpURI() == null ? "" : String.valueOf(request.getHttpURI().getPath());
            MountedPaths paths = byConnector.get(request.getConnectionMetaData().getConnector());
            return paths == null ? path : paths.within(path);
        }

        @Override
        public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
            Connector connector = ServletContextRequest.getServletContextRequest(request).getConnectionMetaData().getConnector();
            MountedPaths paths = byConnector.get(connector);
            if (paths == null) {
                // the sandbox closed while this request was on its way in
                ((HttpServletResponse) response).sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
                return;
            }
            paths.service((HttpServletRequest) request, response);
        }
    }

    /** One sandbox on the server: its port, or a path on another's port, until {@link #close()}. */
    public static final class Mount implements AutoCloseable {
        private final JettyHost host;
        private final ServerConnector connector;
        private final int port;
        /** Where it is mounted on {@code connector}'s port: null for the whole port. */
        private final String path;

        private Mount(JettyHost host, ServerConnector connector, String path) {
            this.host = host;
            this.connector = connector;
            this.port = connector.getLocalPort();
            this.path = path;
        }

        public int port() {
            return port;
        }

        /**
         * Serves {@code servlet} under {@code path} of this mount's port: a request whose path starts
         * with it goes to {@code servlet} with the path as if the servlet served the whole port (the
         * rest of it, {@code /} when nothing is left), and {@link MountedRequest#MOUNT_PATH} naming the
         * path taken off. Until that mount is closed; then such a request goes to this mount's servlet,
         * as every other does.
         *
         * @param path two segments, {@code /sandboxes/sandbox_ab12}: the characters of a URL path, no dot segment
         */
        public Mount mountUnder(String path, Servlet servlet) throws ServletException {
            if (this.path != null) {
                throw new IllegalStateException("a mount under a path has none under it");
            }
            MountedPaths.check(path);
            host.mounted.addUnder(connector, path, servlet);
            return new Mount(host, connector, path);
        }

        /** Closes the port (or the path) and removes the sandbox's servlet; requests under way on the port are cut off. */
        @Override
        public void close() {
            if (path == null) {
                host.unmount(connector);
            } else {
                host.mounted.removeUnder(connector, path);
            }
        }
    }
}
