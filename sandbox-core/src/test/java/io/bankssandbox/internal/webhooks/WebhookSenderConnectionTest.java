package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What an attempt leaves of its connection, seen from a receiver on loopback that notes the client
 * port of each request: a body read whole (up to the 64 KiB cap, error bodies too) leaves the
 * connection for the next attempt; a body past the cap closes it. Also the attempt's measured
 * duration, the sender's threads, and a receiver that trickles its headers.
 */
class WebhookSenderConnectionTest {
    private static final Duration WITHIN = Duration.ofSeconds(60);
    private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();
    private final List<String> methods = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile int bodyBytes;
    private HttpServer receiver;
    private WebhookSender sender;

    @BeforeEach
    void start() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hooks", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            methods.add(exchange.getRequestMethod());
            exchange.getRequestBody().readAllBytes();
            // the JDK keeps an idle connection 5 s unless told longer (it reads Keep-Alive only beside
            // Connection: keep-alive): a loaded machine may pause that long between two attempts
            exchange.getResponseHeaders().add("Connection", "keep-alive");
            exchange.getResponseHeaders().add("Keep-Alive", "timeout=300");
            if (status / 100 == 3) {
                exchange.getResponseHeaders().add("Location", "/elsewhere");
            }
            exchange.sendResponseHeaders(status, bodyBytes);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(new byte[bodyBytes]);
            } catch (IOException cutOffBySender) {
                // past the cap the sender closes the connection while this is written
            }
        });
        receiver.start();
        sender = new WebhookSender("connection-test", "9.9.9-test");
    }

    @AfterEach
    void stop() {
        sender.close();
        receiver.stop(0);
    }

    private WebhookTransport.Outcome attempt(String url) throws Exception {
        WebhookEndpoint endpoint = new WebhookEndpoint("webhook_endpoint_1", Instant.EPOCH, url, "lm_key",
                WebhookEndpoints.EVENTS, null, WebhookEndpoint.CONTROL, null);
        WebhookDelivery delivery = new WebhookDelivery("webhook_delivery_1", "event_0001",
                WebhookEndpoints.TRANSACTION_CREATED, "webhook_endpoint_1", Instant.EPOCH,
                JsonNodeFactory.instance.objectNode().put("event", "transaction.created"), WebhookDelivery.PENDING,
                List.of(), Instant.EPOCH, 0);
        return sender.send(endpoint, delivery).get(WITHIN.toSeconds(), TimeUnit.SECONDS);
    }

    private String url() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks";
    }

    /** Two attempts answered {@code answered} with a body of {@code bytes}: the client ports they came from. */
    private List<Integer> twoAttemptsAnswered(int answered, int bytes) throws Exception {
        status = answered;
        bodyBytes = bytes;
        assertThat(attempt(url()).statusCode()).isEqualTo(answered);
        assertThat(attempt(url()).statusCode()).isEqualTo(answered);
        return clientPorts;
    }

    @Test
    void aBodyReadWholeLeavesTheConnectionToTheNextAttempt() throws Exception {
        List<Integer> ports = twoAttemptsAnswered(200, 1_000);
        assertThat(ports.get(1)).as("the second attempt on the first one's connection").isEqualTo(ports.get(0));
        assertThat(methods).containsExactly("POST", "POST");
    }

    @Test
    void aBodyOfExactlyTheCapIsStillReadWhole() throws Exception {
        List<Integer> ports = twoAttemptsAnswered(200, WebhookSender.BODY_CAP);
        assertThat(ports.get(1)).isEqualTo(ports.get(0));
    }

    @Test
    void aBodyOneBytePastTheCapClosesTheConnection() throws Exception {
        List<Integer> ports = twoAttemptsAnswered(200, WebhookSender.BODY_CAP + 1);
        assertThat(ports.get(1)).as("a new connection: the first was closed").isNotEqualTo(ports.get(0));
    }

    @Test
    void anErrorBodyIsReadWholeTooFromFourHundredOn() throws Exception {
        List<Integer> ports = twoAttemptsAnswered(400, 1_000);
        assertThat(ports.get(1)).isEqualTo(ports.get(0));
    }

    @Test
    void aRedirectIsNotFollowedAndItsBodyIsReadWhole() throws Exception {
        List<Integer> ports = twoAttemptsAnswered(302, 1_000);
        assertThat(ports).as("nothing asked for /elsewhere").hasSize(2);
        assertThat(ports.get(1)).isEqualTo(ports.get(0));
    }

    @Test
    void anAttemptsDurationIsTheTimeItTook() throws Exception {
        long started = System.nanoTime();
        WebhookTransport.Outcome outcome = attempt(url());
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertThat(outcome.durationMs()).isBetween(0L, tookMillis);
    }

    @Test
    void theSendersThreadsNeverKeepTheJvmAlive() throws Exception {
        attempt(url());
        List<Thread> threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("connection-test-http-")).toList();
        assertThat(threads).isNotEmpty().allMatch(Thread::isDaemon);
    }

    @Test
    void aReceiverThatTricklesItsHeadersIsCutOffAtTheTimeoutAfterItsStatusLineDecided() throws Exception {
        // a header that never ends: only the attempt's own timer can end it, no read waits long
        sender.timeout(Duration.ofSeconds(1));
        try (TricklingReceiver trickling = new TricklingReceiver("HTTP/1.1 200 OK\r\nX-Slow: ")) {
            long started = System.nanoTime();
            WebhookTransport.Outcome trickled = attempt(trickling.url());
            // the status line came before the headers stalled, and the status line decides the attempt
            assertThat(trickled.statusCode()).isEqualTo(200);
            assertThat(trickled.durationMs()).isGreaterThanOrEqualTo(1_000);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("cut off long before the receiver is done")
                    .isLessThan(Duration.ofSeconds(30));
        }
    }
}
