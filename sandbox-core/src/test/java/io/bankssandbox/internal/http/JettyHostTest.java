package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the host's set-up gives every sandbox's port, on a host of this test's own (the JVM's shared
 * one is built once, before any test): requests answered on the host's daemon threads, no
 * {@code Server} header, paths as the client sent them, a proxy's headers read, and a closed mount's
 * port closed.
 */
class JettyHostTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

    private JettyHost host;

    /** Answers what it saw: the request's scheme and path, and the thread that served it. */
    private static final class Echo extends HttpServlet {
        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            Thread thread = Thread.currentThread();
            response.setStatus(200);
            response.getWriter().write(request.getScheme() + " " + request.getRequestURI() + " "
                    + thread.getName().startsWith(JettyHost.THREAD_NAMES) + " " + thread.isDaemon());
        }
    }

    /**
     * Answers how it sees the request: path, path info, context and servlet paths, the path it is
     * mounted under, whether it was initialized; notes its destruction.
     */
    private static final class Where extends HttpServlet {
        private final List<String> destroyed;
        private final String name;

        Where(String name, List<String> destroyed) {
            this.name = name;
            this.destroyed = destroyed;
        }

        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setStatus(200);
            response.getWriter().write(name + " " + request.getRequestURI() + " " + request.getPathInfo() + " ["
                    + request.getContextPath() + request.getServletPath() + "] "
                    + request.getAttribute(MountedRequest.MOUNT_PATH) + " " + (getServletConfig() != null));
        }

        @Override
        public void destroy() {
            destroyed.add(name);
        }
    }

    /** Answers the request's scheme and server name, as the proxy headers the host reads leave them. */
    private static final class Address extends HttpServlet {
        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.getWriter().write(request.getScheme() + " " + request.getServerName());
        }
    }

    /** Answers what the connector that took the request is set to: its interface, its idle timeout; whether it is the host's. */
    private static final class Connection extends HttpServlet {
        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            ServerConnector connector = (ServerConnector) ServletContextRequest.getServletContextRequest(request)
                    .getConnectionMetaData().getConnector();
            response.getWriter().write(connector.getName().replaceAll("[0-9]+$", "N") + " " + connector.getHost() + " "
                    + connector.getIdleTimeout() + " " + JettyHost.serves(connector));
        }
    }

    @BeforeEach
    void start() throws Exception {
        host = JettyHost.startOwn();
    }

    @AfterEach
    void stop() throws Exception {
        host.stop();
    }

    private static HttpResponse<String> get(int port, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aMountedServletAnswersOnTheHostsDaemonThreadsWithoutAServerHeader() throws Exception {
        try (JettyHost.Mount mount = host.mount("127.0.0.1", 0, new Echo())) {
            HttpResponse<String> answer = get(mount.port(), "/v0/cards");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("http /v0/cards true true");
            assertThat(answer.headers().firstValue("Server")).isEmpty();
        }
    }

    @Test
    void pathsAreServedAsTheClientSentThemAndAProxysSchemeIsRead() throws Exception {
        try (JettyHost.Mount mount = host.mount("127.0.0.1", 0, new Echo())) {
            // an encoded slash: Jetty's default compliance refuses it with a 400, the legacy one serves it
            HttpResponse<String> encoded = get(mount.port(), "/v0/cards/a%2Fb");
            assertThat(encoded.statusCode()).isEqualTo(200);
            assertThat(encoded.body()).isEqualTo("http /v0/cards/a%2Fb true true");
            assertThat(get(mount.port(), "/v0/cards", "X-Forwarded-Proto", "https").body()).startsWith("https ");
        }
    }

    @Test
    void aClosedMountsPortIsClosedAndTheHostServesTheNextMount() throws Exception {
        JettyHost.Mount first = host.mount("127.0.0.1", 0, new Echo());
        int port = first.port();
        assertThat(get(port, "/").statusCode()).isEqualTo(200);
        first.close();
        assertThatThrownBy(() -> get(port, "/")).isInstanceOf(ConnectException.class);
        try (JettyHost.Mount second = host.mount("127.0.0.1", 0, new Echo())) {
            assertThat(get(second.port(), "/x").body()).isEqualTo("http /x true true");
        }
    }

    @Test
    void aPortThatCannotBeHadFailsTheMountAndLeavesTheHostServing() throws Exception {
        List<String> destroyed = new CopyOnWriteArrayList<>();
        int before = host.connectors();
        try (JettyHost.Mount taken = host.mount("127.0.0.1", 0, new Echo())) {
            assertThatThrownBy(() -> host.mount("127.0.0.1", taken.port(), new Where("refused", destroyed)))
                    .isInstanceOf(IOException.class);
            assertThat(destroyed).as("the refused mount's servlet is let go").containsExactly("refused");
            assertThat(host.connectors()).as("nor is its connector kept").isEqualTo(before + 1);
            assertThat(get(taken.port(), "/still").body()).isEqualTo("http /still true true");
        }
        assertThat(host.connectors()).isEqualTo(before);
    }

    @Test
    void aServletMountedUnderAPathSeesTheRestOfThePathAsIfItServedThePort() throws Exception {
        List<String> destroyed = new CopyOnWriteArrayList<>();
        try (JettyHost.Mount port = host.mount("127.0.0.1", 0, new Where("own", destroyed))) {
            JettyHost.Mount under = port.mountUnder("/sandboxes/sandbox_a", new Where("a", destroyed));
            assertThat(get(port.port(), "/sandboxes/sandbox_a/v0/cards").body())
                    .isEqualTo("a /v0/cards /v0/cards [] /sandboxes/sandbox_a true");
            assertThat(get(port.port(), "/sandboxes/sandbox_a").body()).as("nothing left: the root")
                    .isEqualTo("a / / [] /sandboxes/sandbox_a true");
            assertThat(get(port.port(), "/sandboxes/sandbox_b/v0/cards").body()).as("not mounted: the port's own")
                    .isEqualTo("own /sandboxes/sandbox_b/v0/cards /sandboxes/sandbox_b/v0/cards [] null true");
            under.close();
            assertThat(destroyed).containsExactly("a");
            assertThat(get(port.port(), "/sandboxes/sandbox_a/v0/cards").body()).as("closed: the port's own")
                    .startsWith("own /sandboxes/sandbox_a/v0/cards ");
        }
        assertThat(destroyed).containsExactly("a", "own");
    }

    @Test
    void aPortListensOnTheInterfaceAskedForAndKeepsAnIdleConnectionHalfAnHour() throws Exception {
        try (JettyHost.Mount mount = host.mount("127.0.0.1", 0, new Connection())) {
            assertThat(get(mount.port(), "/").body()).isEqualTo("sandbox-N 127.0.0.1 " + 30 * 60 * 1000 + " true");
        }
    }

    @Test
    void onlyTheHostsOwnConnectorsAreItsAndTheJvmHasOneSharedHost() {
        assertThat(JettyHost.serves(new ServerConnector(new Server()))).as("an application's own Jetty").isFalse();
        assertThat(JettyHost.serves("sandbox-1")).isFalse();
        assertThat(JettyHost.shared()).isSameAs(JettyHost.shared());
        assertThat(JettyHost.startInBackground().join()).isSameAs(JettyHost.shared());
    }

    @Test
    void buildingAHostLeavesNoThreadThatWouldKeepTheJvmRunning() {
        // Javalin's start-up watcher is a non-daemon thread that waits 5 s for a start this host's apps never have
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(thread -> !thread.isDaemon() && thread.isAlive())
                .noneMatch(thread -> java.util.Arrays.stream(thread.getStackTrace())
                        .anyMatch(frame -> frame.getClassName().startsWith("io.javalin.")));
    }

    @Test
    void whatJettyRefusesBeforeAnyServletIsAnsweredInJson() throws Exception {
        try (JettyHost.Mount mount = host.mount("127.0.0.1", 0, new Echo());
             java.net.Socket socket = new java.net.Socket("127.0.0.1", mount.port())) {
            socket.setSoTimeout(60_000);
            socket.getOutputStream().write("GET /v0/cards/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 400 ")
                    .endsWith("{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":\"Bad Request\"}");
        }
    }

    @Test
    void eachOpenPortIsOneConnectorOfTheServerAndStoppingTheHostClosesThem() throws Exception {
        assertThat(host.connectors()).as("the warm-up's is gone once the host is built").isZero();
        JettyHost.Mount first = host.mount("127.0.0.1", 0, new Echo());
        JettyHost.Mount second = host.mount("127.0.0.1", 0, new Echo());
        assertThat(host.connectors()).isEqualTo(2);
        second.close();
        assertThat(host.connectors()).as("a closed port's connector is not kept").isEqualTo(1);
        int port = first.port();
        host.stop();
        assertThatThrownBy(() -> get(port, "/")).isInstanceOf(ConnectException.class);
    }

    @Test
    void jettysOwnProxyHeadersBesideOneWeReadNameNeitherTheSchemeNorTheServer() throws Exception {
        // X-Forwarded-Server and X-Proxied-Https are Jetty's defaults, switched off in ForwardedHeaders' constructor,
        // which only a host of its own runs (the JVM's shared one was built before any test)
        try (JettyHost.Mount mount = host.mount("127.0.0.1", 0, new Address())) {
            assertThat(get(mount.port(), "/", "X-Forwarded-Proto", "http", "X-Forwarded-Server", "proxy.example",
                    "X-Proxied-Https", "on").body()).isEqualTo("http 127.0.0.1");
            assertThat(get(mount.port(), "/", "X-Forwarded-Port", "8080", "X-Proxied-Https", "on").body())
                    .as("nor beside a port alone").isEqualTo("http 127.0.0.1");
        }
    }

    @Test
    void aMountUnderAPathThatIsNotTwoPlainSegmentsIsRefused() throws Exception {
        try (JettyHost.Mount port = host.mount("127.0.0.1", 0, new Echo())) {
            assertThatThrownBy(() -> port.mountUnder("/sandboxes/../a", new Echo())).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("not a path of two plain segments: /sandboxes/../a");
        }
    }
}
