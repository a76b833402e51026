package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One HTTP attempt on its own, against a receiver on loopback: the request a receiver gets (the
 * headers, the stored body's bytes, the signature with a secret), and what an attempt comes to for
 * each kind of answer: the status line decides, a redirect is not followed, no answer is an error.
 */
class WebhookSenderTest {
    private static final Duration WITHIN = Duration.ofSeconds(60);
    private final WebhookReceiver receiver = new WebhookReceiver();
    private WebhookSender sender;

    @BeforeEach
    void start() {
        sender = new WebhookSender("sender-test", "9.9.9-test");
    }

    @AfterEach
    void stop() {
        sender.close();
        receiver.close();
    }

    private static WebhookDelivery delivery() {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("event", "transaction.created")
                .put("note", "café");
        return new WebhookDelivery("webhook_delivery_1", "event_0001", WebhookEndpoints.TRANSACTION_CREATED,
                "webhook_endpoint_1", Instant.parse("2026-03-02T15:00:00Z"), body, WebhookDelivery.PENDING, List.of(),
                Instant.parse("2026-03-02T15:00:00Z"), 0);
    }

    private static WebhookEndpoint endpoint(String url, String secret) {
        return new WebhookEndpoint("webhook_endpoint_1", Instant.EPOCH, url, "lm_key", WebhookEndpoints.EVENTS, secret,
                WebhookEndpoint.CONTROL, null);
    }

    private WebhookTransport.Outcome attempt(String url, String secret) throws Exception {
        return sender.send(endpoint(url, secret), delivery()).get(WITHIN.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void aReceiverGetsThePostedBodyWithTheStandardWebhooksHeadersAndNoSignatureWithoutASecret() throws Exception {
        long before = System.currentTimeMillis() / 1000;
        WebhookTransport.Outcome outcome = attempt(receiver.url(), null);
        long after = System.currentTimeMillis() / 1000;
        assertThat(outcome.statusCode()).isEqualTo(200);
        assertThat(outcome.error()).isNull();
        assertThat(outcome.durationMs()).isGreaterThanOrEqualTo(0);
        WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);
        assertThat(new String(got.body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"event\":\"transaction.created\",\"note\":\"café\"}");
        assertThat(got.header("Content-Type")).isEqualTo("application/json");
        assertThat(got.header("User-Agent")).isEqualTo("banks-sandbox/9.9.9-test");
        assertThat(got.header("Accept")).isEqualTo("*/*");
        assertThat(got.header("webhook-id")).isEqualTo("event_0001");
        assertThat(Long.parseLong(got.header("webhook-timestamp"))).isBetween(before, after);
        assertThat(got.header("webhook-signature")).isNull();
    }

    @Test
    void withASecretTheSignatureIsTheStandardWebhooksOneOverTheBytesSent() throws Exception {
        String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        attempt(receiver.url(), secret);
        WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);
        assertThat(got.header("webhook-signature")).isEqualTo(StandardWebhooksSignature.sign(
                StandardWebhooksSignature.key(secret), "event_0001", Long.parseLong(got.header("webhook-timestamp")),
                got.body()));
    }

    @Test
    void theStatusLineDecidesWhatTheAttemptCameTo() throws Exception {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        assertThat(attempt(receiver.url(), null)).extracting(WebhookTransport.Outcome::statusCode,
                WebhookTransport.Outcome::error).containsExactly(500, null);
        receiver.behave(WebhookReceiver.Behaviour.HUGE_BODY);
        assertThat(attempt(receiver.url(), null)).as("ten megabytes after a 200 are cut off, the 200 stands")
                .extracting(WebhookTransport.Outcome::statusCode, WebhookTransport.Outcome::error).containsExactly(200, null);
        receiver.behave(WebhookReceiver.Behaviour.OK);
        assertThat(attempt(receiver.url(), null).statusCode()).as("the connection still serves the next attempt")
                .isEqualTo(200);
    }

    @Test
    void aRedirectIsNotFollowed() throws Exception {
        try (ServerSocket redirecting = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> answered = CompletableFuture.runAsync(() -> {
                try (var socket = redirecting.accept()) {
                    socket.getInputStream().read(new byte[8192]);
                    socket.getOutputStream().write(("HTTP/1.1 302 Found\r\nLocation: " + receiver.url()
                            + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(attempt("http://127.0.0.1:" + redirecting.getLocalPort() + "/hooks", null).statusCode())
                    .isEqualTo(302);
            answered.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        }
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void aReceiverThatIsNotThereOrClosesWithoutAnAnswerIsAnErrorWithNoStatus() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        assertThat(attempt("http://127.0.0.1:" + port + "/hooks", null)).extracting(WebhookTransport.Outcome::statusCode,
                WebhookTransport.Outcome::error).containsExactly(null, "connection refused");
        receiver.behave(WebhookReceiver.Behaviour.RESET);
        WebhookTransport.Outcome reset = attempt(receiver.url(), null);
        assertThat(reset.statusCode()).isNull();
        assertThat(reset.error()).startsWith("connection error");
        // streamed, the POST is never sent again by the JDK behind the log's back (buffered, it would be, once)
        assertThat(receiver.received()).as("requests for the one attempt").hasSize(1);
    }

    @Test
    void aUrlTheSenderCannotUseIsAnAttemptThatFailsSayingWhy() throws Exception {
        assertThat(attempt("http://127.0.0.1/ hooks", null)).extracting(WebhookTransport.Outcome::statusCode,
                WebhookTransport.Outcome::error).containsExactly(null,
                "invalid request: Illegal character in path at index 17: http://127.0.0.1/ hooks");
        WebhookTransport.Outcome ftp = attempt("ftp://127.0.0.1/hooks", null);
        assertThat(ftp.statusCode()).isNull();
        assertThat(ftp.error()).startsWith("ClassCastException: ");
    }

    @Test
    void anAttemptIsCutOffAfterTenSecondsUnlessATestSaysOtherwise() {
        assertThat(WebhookSender.TIMEOUT).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aReceiverThatHangsIsCutOffAtTheTimeoutAndOneThatTricklesItsAnswerToo() throws Exception {
        sender.timeout(Duration.ofSeconds(1));
        receiver.behave(WebhookReceiver.Behaviour.HANG);
        WebhookTransport.Outcome hung = attempt(receiver.url(), null);
        assertThat(hung).extracting(WebhookTransport.Outcome::statusCode, WebhookTransport.Outcome::error)
                .containsExactly(null, "timeout after 1 s");
        assertThat(hung.durationMs()).isGreaterThanOrEqualTo(1_000);

        // a status line, then a byte of body every 200 ms for a minute: no read waits long, the attempt does
        try (TricklingReceiver trickling = new TricklingReceiver("HTTP/1.1 200 OK\r\nContent-Length: 300\r\n\r\n")) {
            long started = System.nanoTime();
            WebhookTransport.Outcome trickled = attempt(trickling.url(), null);
            assertThat(trickled.statusCode()).as("the status line decided").isEqualTo(200);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("cut off long before the receiver is done")
                    .isLessThan(Duration.ofSeconds(30));
        }
    }

    @Test
    void anAnswerThatIsNotHttpIsAnErrorWithNoStatus() throws Exception {
        try (ServerSocket notHttp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture.runAsync(() -> {
                try (var socket = notHttp.accept()) {
                    socket.getInputStream().read(new byte[8192]);
                    socket.getOutputStream().write("SSH-2.0-OpenSSH_9.2\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(attempt("http://127.0.0.1:" + notHttp.getLocalPort() + "/hooks", null))
                    .extracting(WebhookTransport.Outcome::statusCode, WebhookTransport.Outcome::error)
                    .containsExactly(null, "connection error: not an HTTP response");
        }
    }

    @Test
    void aClosedSenderAbandonsWhatIsInFlightAndSendsNothingMore() throws Exception {
        // an attempt that would wait five minutes for its answer: only the close can end it within the test
        sender.timeout(Duration.ofMinutes(5));
        receiver.behave(WebhookReceiver.Behaviour.HANG);
        CompletableFuture<WebhookTransport.Outcome> hanging = sender.send(endpoint(receiver.url(), null), delivery());
        receiver.await(1, WITHIN);
        long started = System.nanoTime();
        sender.close();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("close cuts off the attempt in flight")
                .isLessThan(WebhookSender.TIMEOUT);
        WebhookTransport.Outcome cut = hanging.get(WITHIN.toSeconds(), TimeUnit.SECONDS);
        assertThat(cut.statusCode()).isNull();
        assertThat(cut.error()).as("cut off by the close, not timed out").startsWith("connection error");
        CompletableFuture<WebhookTransport.Outcome> after = sender.send(endpoint(receiver.url(), null), delivery());
        assertThat(after).as("a closed sender never completes an attempt").isNotDone();
        assertThat(receiver.received()).hasSize(1);
    }
}
