package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At least once across a crash: a {@code kill -9} after the API answered but before the receiver
 * acknowledged the event still delivers it after a restart on the same state file, with the same
 * {@code webhook-id}. A real process, a real receiver on loopback.
 */
class WebhookKillTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Holds the first request without answering (the crash comes before the acknowledgement), answers 200 after. */
    private static final class Receiver implements AutoCloseable {
        final HttpServer server;
        final List<JsonNode> bodies = new ArrayList<>();
        final List<String> ids = new ArrayList<>();
        final CountDownLatch firstArrived = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(Executors.newCachedThreadPool());
            server.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                boolean first;
                synchronized (bodies) {
                    bodies.add(JSON.readTree(body));
                    ids.add(exchange.getRequestHeaders().getFirst("webhook-id"));
                    first = bodies.size() == 1;
                    bodies.notifyAll();
                }
                if (first) {
                    firstArrived.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    exchange.close();
                    return;
                }
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
        }

        void awaitCount(int count) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            synchronized (bodies) {
                while (bodies.size() < count) {
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    assertThat(left).as("webhook request %d within 60 s; got %s", count, bodies).isPositive();
                    bodies.wait(left);
                }
            }
        }

        @Override
        public void close() {
            release.countDown();
            server.stop(0);
        }
    }

    @Test
    void killedBetweenTheAnswerAndTheAcknowledgementTheEventIsDeliveredAfterRestart() throws Exception {
        Path stateFile = dir.resolve("state.json");
        try (Receiver receiver = new Receiver()) {
            String transactionId;
            try (SandboxProcess first = SandboxProcess.start("--port", "0", "--clock", "frozen",
                    "--state-file", stateFile.toString(), "--webhook", receiver.url())) {
                String base = first.baseUrl();
                // an endpoint added through the control API is state: the state file keeps it
                HttpResponse<String> inbox = Http.send(base + "/_sandbox/webhooks", "POST", null, null, "{\"url\":\"inbox\"}");
                assertThat(inbox.statusCode()).as(inbox.body()).isEqualTo(201);
                JsonNode accounts = JSON.readTree(Http.get(base + "/v0/accounts?limit=1", "lm_key_sandbox_all").body());
                String account = accounts.get("data").get(0).get("id").asText();
                HttpResponse<String> simulated = Http.send(base + "/_sandbox/inbound-ach-transfers", "POST", null, null,
                        "{\"account_id\":\"" + account + "\",\"amount\":4321}");
                assertThat(simulated.statusCode()).as(simulated.body()).isEqualTo(201);
                String transfer = JSON.readTree(simulated.body()).get("id").asText();
                HttpResponse<String> accepted = Http.send(base + "/_sandbox/inbound-ach-transfers/" + transfer + "/accept",
                        "POST", null, null, "{}");
                assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
                transactionId = JSON.readTree(accepted.body()).get("transaction_id").asText();
                assertThat(receiver.firstArrived.await(60, TimeUnit.SECONDS)).isTrue();
                first.kill(); // the receiver has not acknowledged: the delivery is still pending on disk
            }
            try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "frozen",
                    "--state-file", stateFile.toString(), "--webhook", receiver.url())) {
                receiver.awaitCount(2);
                synchronized (receiver.bodies) {
                    assertThat(receiver.bodies.get(1).at("/transaction/id").asText()).isEqualTo(transactionId);
                    assertThat(receiver.bodies.get(1)).isEqualTo(receiver.bodies.get(0));
                    assertThat(receiver.ids.get(1)).isEqualTo(receiver.ids.get(0)).startsWith("event_");
                }
                JsonNode log = awaitDelivered(second.baseUrl(), "?endpoint_id=" + endpointOf(second.baseUrl(), "config"));
                assertThat(log.get("data")).hasSize(1);
                assertThat(log.at("/data/0/event_id").asText()).isEqualTo(receiver.ids.get(0));
                // the control API's endpoint came back from the file, and so did its delivery of the same event
                JsonNode inboxLog = awaitDelivered(second.baseUrl(), "?endpoint_id=" + endpointOf(second.baseUrl(), "control"));
                assertThat(inboxLog.at("/data/0/event_id").asText()).isEqualTo(receiver.ids.get(0));
            }
        }
    }

    /** The id of the one endpoint of that origin ({@code config}: --webhook; {@code control}: the control API). */
    private static String endpointOf(String base, String origin) throws Exception {
        List<String> ids = new ArrayList<>();
        JSON.readTree(Http.get(base + "/_sandbox/webhooks", null).body()).get("data").forEach(e -> {
            if (origin.equals(e.get("origin").asText())) {
                ids.add(e.get("id").asText());
            }
        });
        assertThat(ids).hasSize(1);
        return ids.get(0);
    }

    private static JsonNode awaitDelivered(String base, String filter) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonNode log = JSON.readTree(Http.get(base + "/_sandbox/webhooks/deliveries" + filter, null).body());
            if ("delivered".equals(log.at("/data/0/status").asText())) {
                return log;
            }
            assertThat(System.nanoTime()).as("delivered within 60 s: %s", log).isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
