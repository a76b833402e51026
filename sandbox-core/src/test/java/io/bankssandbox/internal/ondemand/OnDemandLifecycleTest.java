package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.testing.ManualTicker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * How sandboxes on demand end: after their idle timeout (measured here on a ticker the test moves), when
 * closed under load (every request under way finishes or fails cleanly, none hangs), and with the
 * sandbox that started them.
 */
class OnDemandLifecycleTest {
    /** Long enough that no answer on a loaded machine comes near it; a request that waits this long hung. */
    private static final Duration HANG = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Whether the sandbox at {@code baseUrl} answers (a closed one's path is the host's 404). */
    private static boolean answering(String baseUrl) {
        return send(get(baseUrl + "/v0/accounts")).equals("200");
    }

    @Test
    void aSandboxWithoutARequestForItsIdleTimeoutIsClosedAndOneInUseIsNot() throws Exception {
        // idle time is measured on a ticker only this test moves: no pause of a loaded machine counts
        ManualTicker ticker = new ManualTicker();
        SandboxServer server = SandboxInternals.serve(SandboxConfig.defaults(),
                new RuntimeConfig.OnDemandLimits(8, Duration.ofMinutes(1), ticker));
        try {
            ApiClient control = new ApiClient("http://127.0.0.1:" + server.port(), null);
            JsonNode busy = control.post("/_sandbox/sandboxes", Map.of("name", "busy"), null).json();
            String busyBase = busy.get("base_url").asText();
            JsonNode idle = control.post("/_sandbox/sandboxes", Map.of("name", "idle"), null).json();
            JsonNode patient = control.post("/_sandbox/sandboxes", Map.of("name", "patient", "idle_timeout", "PT10M"), null).json();
            assertThat(idle.get("idle_timeout").asText()).isEqualTo("PT1M");

            ticker.advance(Duration.ofSeconds(40));
            assertThat(new ApiClient(busyBase, Sandbox.DEFAULT_API_KEY).get("/v0/accounts").status()).isEqualTo(200);
            ticker.advance(Duration.ofSeconds(30)); // idle: 70 s without a request; busy: 30 s at most
            Await.until("the idle sandbox closed", Duration.ofSeconds(60),
                    () -> control.get("/_sandbox/sandboxes/" + idle.get("id").asText()).status(), status -> status == 404);
            assertThat(answering(idle.get("base_url").asText())).as("the idle one's path").isFalse();
            List<String> open = control.get("/_sandbox/sandboxes").json().get("data").findValuesAsText("name");
            assertThat(open).containsExactly("null", "busy", "patient"); // the host has no name

            // left alone, the busy one goes the same way; the one with its own timeout stays
            ticker.advance(Duration.ofSeconds(90));
            Await.until("the busy sandbox closed once left alone", Duration.ofSeconds(60),
                    () -> control.get("/_sandbox/sandboxes/" + busy.get("id").asText()).status(), status -> status == 404);
            assertThat(answering(busyBase)).isFalse();
            assertThat(control.get("/_sandbox/sandboxes/" + patient.get("id").asText()).status()).isEqualTo(200);
            assertThat(answering(patient.get("base_url").asText())).isTrue();
        } finally {
            server.stop();
        }
    }

    @Test
    void aRequestUnderWayIsNotIdleHoweverLongItTakes() throws Exception {
        ManualTicker ticker = new ManualTicker();
        SandboxServer server = SandboxInternals.serve(SandboxConfig.defaults(),
                new RuntimeConfig.OnDemandLimits(8, Duration.ofSeconds(1), ticker));
        try {
            ApiClient control = new ApiClient("http://127.0.0.1:" + server.port(), null);
            JsonNode sandbox = control.post("/_sandbox/sandboxes", Map.of(), null).json();
            String base = sandbox.get("base_url").asText();
            ApiClient own = new ApiClient(base, null);
            own.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503, "delay_ms", 3000), null);
            java.util.concurrent.CompletableFuture<ApiClient.Response> slow = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> new ApiClient(base, Sandbox.DEFAULT_API_KEY).get("/v0/entities"));
            // the fault is taken once the request is inside the sandbox: from then on it is under way
            Await.until("the slow request under way", Duration.ofSeconds(60),
                    () -> own.get("/_sandbox/faults").json().get("faults").size(), size -> size == 0);
            // an hour of idle timeouts while it waits out its delay: the idle checks find it under way
            ticker.advance(Duration.ofHours(1));
            assertThat(slow.get(60, TimeUnit.SECONDS).status()).isEqualTo(503);
            assertThat(control.get("/_sandbox/sandboxes/" + sandbox.get("id").asText()).status()).isEqualTo(200);
            // answered, it idles from then on (each look moves the ticker on: the answer may reach this test
            // a moment before the sandbox notes the request's end)
            Await.until("the sandbox closed once idle", Duration.ofSeconds(60), () -> {
                ticker.advance(Duration.ofSeconds(2));
                return control.get("/_sandbox/sandboxes/" + sandbox.get("id").asText()).status();
            }, status -> status == 404);
        } finally {
            server.stop();
        }
    }

    @Test
    void closingUnderLoadEndsEveryRequestUnderWayWithAnAnswerOrACleanErrorNeverAHang() throws Exception {
        try (Sandbox host = Sandbox.start()) {
            ApiClient control = new ApiClient(host.baseUrl(), null);
            JsonNode sandbox = control.post("/_sandbox/sandboxes", Map.of(), null).json();
            String base = sandbox.get("base_url").asText();
            ApiClient own = new ApiClient(base, null);
            String account = new ApiClient(base, Sandbox.DEFAULT_API_KEY).get("/v0/accounts").json().at("/data/0/id").asText();
            // a few requests are slow (a delayed fault), so some are surely under way when it closes
            own.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503,
                    "delay_ms", 400, "times", 1000), null);

            ConcurrentLinkedQueue<String> outcomes = new ConcurrentLinkedQueue<>();
            AtomicBoolean closed = new AtomicBoolean();
            CountDownLatch loaded = new CountDownLatch(40);
            ExecutorService threads = Executors.newFixedThreadPool(8);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                workers.add(threads.submit(() -> {
                    // keeps asking until a request after the close meets the host's 404: the path is gone
                    for (int i = 0; ; i++) {
                        String outcome = send(thread % 3 == 0 ? get(base + "/v0/entities")
                                : thread % 3 == 1 ? get(base + "/v0/accounts")
                                : HttpRequest.newBuilder(URI.create(base + "/_sandbox/inbound-ach-transfers"))
                                        .header("Content-Type", "application/json")
                                        .POST(HttpRequest.BodyPublishers.ofString("{\"account_id\":\"" + account
                                                + "\",\"amount\":" + (100 + i) + "}")).timeout(HANG).build());
                        outcomes.add(outcome);
                        loaded.countDown();
                        if (closed.get() && outcome.equals("404")) {
                            return null;
                        }
                    }
                }));
            }
            assertThat(loaded.await(60, TimeUnit.SECONDS)).isTrue();
            ApiClient.Response closing = control.delete("/_sandbox/sandboxes/" + sandbox.get("id").asText());
            closed.set(true);
            assertThat(closing.status()).isEqualTo(204);
            assertThat(answering(base)).isFalse();
            for (Future<?> worker : workers) {
                worker.get(2 * HANG.toSeconds(), TimeUnit.SECONDS);
            }
            threads.shutdown();
            assertThat(outcomes).doesNotContain("hung");
            // answers are the routes' own (503: the delayed fault), then the host's 404 once the path is gone;
            // a request under way as it closed finishes with its route's answer
            assertThat(outcomes).allMatch(o -> o.matches("200|201|503|404"), "clean");
            assertThat(outcomes).contains("404");
        }
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + Sandbox.DEFAULT_API_KEY)
                .timeout(HANG).build();
    }

    /** The status, or the kind of failure: {@code hung} for a request that was not answered in time. */
    private static String send(HttpRequest request) {
        try {
            return String.valueOf(HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (HttpTimeoutException e) {
            return "hung";
        } catch (java.net.ConnectException e) {
            return "ConnectException";
        } catch (IOException e) {
            return "IOException";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Test
    void closingTheHostClosesEverySandboxItStarted() {
        Sandbox host = Sandbox.start();
        ApiClient control = new ApiClient(host.baseUrl(), null);
        List<String> bases = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            bases.add(control.post("/_sandbox/sandboxes", Map.of(), null).json().get("base_url").asText());
        }
        assertThat(bases).allMatch(OnDemandLifecycleTest::answering);
        OnDemandSandboxes sandboxes = SandboxInternals.onDemand(SandboxInternals.server(host));
        host.close();
        assertThat(sandboxes.list("http://closed")).extracting(SandboxView::host).containsExactly(true);
        // the host's port is closed, and with it every path on it
        assertThat(bases).allSatisfy(base -> assertThatThrownBy(() -> HTTP.send(get(base + "/v0/accounts"),
                HttpResponse.BodyHandlers.discarding())).isInstanceOf(IOException.class));
    }

    @Test
    void aSandboxStartedOnDemandStartsNoMore() {
        try (Sandbox host = Sandbox.start()) {
            JsonNode sandbox = new ApiClient(host.baseUrl(), null).post("/_sandbox/sandboxes", Map.of(), null).json();
            ApiClient own = new ApiClient(sandbox.get("base_url").asText(), null);
            assertThat(own.post("/_sandbox/sandboxes", Map.of(), null).text()).isEqualTo(
                    "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot POST /_sandbox/sandboxes\"}");
            assertThat(own.get("/_sandbox/sandboxes").status()).isEqualTo(404);
        }
    }
}
