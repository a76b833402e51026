package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults a retry test needs, over real HTTP: an answer lost after the request was processed (the
 * change kept, the connection reset), after which a retry with the same Idempotency-Key gets the
 * stored result and creates nothing; a connection reset before processing, which changes nothing; the
 * fault's answer replacing a real one, with its headers and after its delay; {@code times}; and the
 * journal saying what happened each time.
 */
class FaultsAfterProcessingTest extends SandboxTestBase {

    @AfterEach
    void sleepThroughDelaysAgain() {
        faults().pauseWith(null);
    }

    private FaultInjector faults() {
        return SandboxInternals.runtime(sandbox).faults();
    }

    private void inject(Map<String, Object> fault) {
        assertThat(control.post("/_sandbox/faults", fault, null).status()).as("%s", fault).isEqualTo(200);
    }

    private int cards() {
        return state().get("cards").size();
    }

    private List<JsonNode> journal() {
        List<JsonNode> entries = new ArrayList<>();
        control.get("/_sandbox/requests").json().get("data").forEach(entries::add);
        return entries;
    }

    /** A POST of a card as an application sends it, on a connection of its own; the I/O error when there is no answer. */
    private HttpResponse<String> postCard(String idempotencyKey) throws IOException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        try {
            return client.send(api.postRequest("/v0/cards", cardBody(riversideOperatingAccountId()), idempotencyKey),
                    HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aRetryAfterALostAnswerGetsTheStoredCardAndCreatesNothing() {
        inject(Map.of("method", "POST", "path", "/v0/cards", "after_processing", true, "close_connection", true));
        int before = cards();

        Throwable lost = catchThrowable(() -> postCard("lost-answer-0001"));

        assertThat(lost).as("the client sees an I/O error, not an answer").isInstanceOf(IOException.class);
        assertThat(journal()).as("journaled before the connection is reset, so a test sees it at once").hasSize(1);
        assertThat(cards()).as("the request was processed: its card is kept").isEqualTo(before + 1);
        String created = state().get("cards").get(before).get("id").asText();
        ApiClient.Response retry = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "lost-answer-0001");
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotency-Replayed")).contains("true");
        assertThat(retry.json().get("id").asText()).isEqualTo(created);
        assertThat(cards()).as("the retry creates nothing").isEqualTo(before + 1);

        List<JsonNode> journal = journal();
        assertThat(journal).hasSize(2);
        JsonNode first = journal.get(0);
        assertThat(first.get("status").asInt()).as("nothing was answered").isZero();
        assertThat(first.get("response_body").isNull()).isTrue();
        assertThat(first.get("idempotency_key").asText()).isEqualTo("lost-answer-0001");
        JsonNode fault = first.get("fault");
        assertThat(fault.get("after_processing").asBoolean()).isTrue();
        assertThat(fault.get("close_connection").asBoolean()).isTrue();
        assertThat(fault.get("processed_status").asInt()).isEqualTo(201);
        assertThat(fault.get("processed_body").get("id").asText()).isEqualTo(created);
        assertThat(journal.get(1).get("status").asInt()).isEqualTo(201);
        assertThat(journal.get(1).get("fault").isNull()).isTrue();
        assertThat(control.get("/_sandbox/faults").json().get("faults")).as("used up").isEmpty();
    }

    @Test
    void aConnectionClosedBeforeProcessingIsAResetARawSocketSeesAndChangesNothing() throws IOException {
        inject(Map.of("method", "POST", "path", "/v0/cards", "close_connection", true));
        int before = cards();
        byte[] body = Json.MAPPER.writeValueAsBytes(cardBody(riversideOperatingAccountId()));
        URI base = URI.create(sandbox.baseUrl());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(60_000); // a hang fails the test, never stalls the build
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v0/cards HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\nAuthorization: Bearer " + ALL
                    + "\r\nContent-Type: application/json\r\nIdempotency-Key: raw-socket-0001\r\nContent-Length: "
                    + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            int read;
            try {
                read = in.read();
            } catch (SocketException reset) {
                assertThat(reset.getMessage()).containsIgnoringCase("reset");
                read = -1;
            }
            assertThat(read).as("not a byte of an answer").isEqualTo(-1);
        }
        assertThat(cards()).as("closed before processing: nothing created").isEqualTo(before);
        JsonNode entry = journal().get(0);
        assertThat(entry.get("status").asInt()).isZero();
        assertThat(entry.get("fault").get("after_processing").asBoolean()).isFalse();
        assertThat(entry.get("fault").get("processed_status").isNull()).isTrue();
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "raw-socket-0001").header("Idempotency-Replayed"))
                .as("the key was never stored: the retry is the first request").isEmpty();
    }

    @Test
    void aSandboxOnDemandUnderItsPathLosesAnAnswerTheSameWay() throws Exception {
        io.bankssandbox.internal.server.SandboxServer host = SandboxInternals.serve(
                io.bankssandbox.SandboxConfig.builder().output(io.bankssandbox.SandboxConfig.Output.SILENT).build(),
                io.bankssandbox.internal.runtime.RuntimeConfig.OnDemandLimits.DEFAULTS);
        try {
            ApiClient hostControl = new ApiClient("http://127.0.0.1:" + host.port(), null);
            String base = hostControl.post("/_sandbox/sandboxes", Map.of(), null).json().get("base_url").asText();
            ApiClient onDemand = new ApiClient(base, ALL);
            assertThat(new ApiClient(base, null).post("/_sandbox/faults", Map.of("method", "POST", "path", "/v0/cards",
                    "after_processing", true, "close_connection", true), null).status()).isEqualTo(200);

            Throwable lost = catchThrowable(() -> HttpClient.newHttpClient().send(onDemand.postRequest("/v0/cards",
                    cardBody(riversideOperatingAccountId()), "on-demand-lost-1"), HttpResponse.BodyHandlers.ofString()));

            assertThat(lost).isInstanceOf(IOException.class);
            JsonNode entry = new ApiClient(base, null).get("/_sandbox/requests").json().get("data").get(0);
            assertThat(entry.get("path").asText()).isEqualTo("/v0/cards");
            assertThat(entry.get("status").asInt()).isZero();
            assertThat(onDemand.post("/v0/cards", cardBody(riversideOperatingAccountId()), "on-demand-lost-1")
                    .header("Idempotency-Replayed")).contains("true");
        } finally {
            host.stop();
        }
    }

    @Test
    void aServiceUnavailableCarriesRetryAfter() {
        inject(Map.of("method", "GET", "path", "/v0/accounts", "status", 503, "headers", Map.of("Retry-After", "1")));
        ApiClient.Response refused = api.get("/v0/accounts");
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).contains("1");
        assertThat(refused.json().toString())
                .isEqualTo("{\"statusCode\":503,\"error\":\"Service Unavailable\",\"message\":\"Service Unavailable\"}");
        assertThat(api.get("/v0/accounts").header("Retry-After")).as("the next is the real answer").isEmpty();
        assertThat(journal().get(0).get("fault").get("processed_status").isNull()).isTrue();
    }

    @Test
    void aFaultAfterProcessingReplacesTheAnswerAfterItsDelayCountedFromThen() {
        Map<String, Object> fault = new LinkedHashMap<>(Map.of("method", "POST", "path", "/v0/cards", "status", 502,
                "after_processing", true, "delay_ms", 1500));
        fault.put("body", Map.of("message", "upstream timed out"));
        inject(fault);
        int before = cards();
        AtomicInteger cardsWhenWaiting = new AtomicInteger(-1);
        AtomicReference<Boolean> replayedWhenWaiting = new AtomicReference<>();
        AtomicReference<Long> waited = new AtomicReference<>();
        faults().pauseWith(millis -> {
            // on the request's own thread, while the answer waits: the change and the key are in already
            waited.set(millis);
            cardsWhenWaiting.set(cards());
            replayedWhenWaiting.set(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "delayed-answer-01")
                    .header("Idempotency-Replayed").isPresent());
        });

        ApiClient.Response answered = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "delayed-answer-01");

        assertThat(answered.status()).isEqualTo(502);
        assertThat(answered.json().toString()).isEqualTo("{\"message\":\"upstream timed out\"}");
        assertThat(waited.get()).isEqualTo(1500L);
        assertThat(cardsWhenWaiting.get()).as("the card exists while the answer waits").isEqualTo(before + 1);
        assertThat(replayedWhenWaiting.get()).as("a retry while it waits gets the stored card").isTrue();
        assertThat(cards()).isEqualTo(before + 1);
    }

    @Test
    void aDelayIsARealWaitBeforeTheAnswer() {
        inject(Map.of("method", "POST", "path", "/v0/cards", "status", 503, "after_processing", true, "delay_ms", 300));
        int before = cards();
        long start = System.nanoTime();
        ApiClient.Response answered = api.post("/v0/cards", cardBody(riversideOperatingAccountId()));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(answered.status()).isEqualTo(503);
        assertThat(cards()).isEqualTo(before + 1);
    }

    @Test
    void timesCountsTheRequestsItHitsAndEachProcessedOneKeepsItsChange() {
        inject(Map.of("method", "POST", "path", "/v0/cards", "status", 500, "after_processing", true, "times", 2));
        int before = cards();
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId())).status()).isEqualTo(500);
        assertThat(control.get("/_sandbox/faults").json().get("faults").get(0).get("times").asInt()).isEqualTo(1);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId())).status()).isEqualTo(500);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId())).status()).isEqualTo(201);
        assertThat(cards()).isEqualTo(before + 3);
        assertThat(journal()).extracting(entry -> entry.get("fault").isNull()).containsExactly(false, false, true);
    }

    @Test
    void aRefusedRequestProcessedFirstIsJournaledWithItsRealRefusal() {
        inject(Map.of("method", "POST", "path", "/v0/cards", "status", 503, "after_processing", true));
        ApiClient.Response answered = api.post("/v0/cards", Map.of("nickname", "no account"), "refused-first-01");
        assertThat(answered.status()).isEqualTo(503);
        JsonNode fault = journal().get(0).get("fault");
        assertThat(fault.get("processed_status").asInt()).isEqualTo(400);
        assertThat(fault.get("processed_body").get("statusCode").asInt()).isEqualTo(400);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "refused-first-01").status())
                .as("a refused request stores no key: the corrected retry is processed").isEqualTo(201);
    }
}
