package io.bankssandbox.internal.reliability;

import io.bankssandbox.SandboxInternals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random and malformed requests against every operation of the served OpenAPI document, control
 * API included. Every answer is a documented 2xx or 4xx with a body of the documented type, never a
 * 5xx, never a hang (each read times out), and a rejected request leaves the state export exactly as
 * it was. Tries per build: {@code jqwik.tries.default} (the fuzz-long profile raises it).
 */
class MalformedRequestFuzzTest {
    static final int PER_ROUTE = 8;
    /** The random property draws as a run of this many tries would (a 20,000-try run fits a 2 GB heap). */
    static final int GENERATION_SIZE = 20_000;
    /**
     * Accepted requests grow the state (each keeps its idempotency key), and every try exports it: the
     * sandbox goes back to its fixtures every this many requests, so a try costs the same at the
     * 100,000th as at the first. The ids the requests use are the fixtures' own, so they stay valid.
     */
    static final int RESET_EVERY = 2_000;

    private static Sandbox sandbox;
    private static RouteCatalog catalog;
    private static RawHttp http;
    private static MalformedRequests requests;
    private static DocumentedAnswers answers;
    private static JsonNode state;
    private static final AtomicInteger SENT = new AtomicInteger();
    private static final AtomicInteger REJECTED = new AtomicInteger();

    @BeforeContainer
    static void start() {
        sandbox = Sandbox.start();
        URI base = URI.create(sandbox.baseUrl());
        http = new RawHttp(base.getHost(), base.getPort());
        catalog = RouteCatalog.served(sandbox.baseUrl());
        state = sandbox.exportState();
        requests = new MalformedRequests(catalog, IdBook.of(state), new ValidBodies(state));
        answers = new DocumentedAnswers(catalog, sandbox.baseUrl());
    }

    @AfterContainer
    static void stop() {
        System.out.printf("MalformedRequestFuzzTest: %d requests, %d rejected with the state unchanged%n",
                SENT.get(), REJECTED.get());
        sandbox.close();
    }

    @Provide
    Arbitrary<MalformedRequests.FuzzRequest> anyRequest() {
        return new SizeCappedArbitrary<>(requests.requests(), GENERATION_SIZE);
    }

    @Provide
    Arbitrary<RouteCatalog.Route> everyRoute() {
        return Arbitraries.of(catalog.routes());
    }

    /**
     * Every route, each build, gets {@link #PER_ROUTE} generated requests: the random property above
     * spreads its tries over routes unevenly, this one leaves none out.
     */
    @Property(generation = GenerationMode.EXHAUSTIVE)
    void everyRouteGetsMalformedRequests(@ForAll("everyRoute") RouteCatalog.Route route) {
        requests.requests(route).sampleStream().limit(PER_ROUTE).forEach(this::everyAnswerIsDocumentedAndRejectedRequestsChangeNothing);
    }

    @Property(shrinking = net.jqwik.api.ShrinkingMode.BOUNDED)
    void everyAnswerIsDocumentedAndRejectedRequestsChangeNothing(@ForAll("anyRequest") MalformedRequests.FuzzRequest request) {
        if (SENT.get() > 0 && SENT.get() % RESET_EVERY == 0) {
            sandbox.reset();
            state = sandbox.exportState();
        }
        ApiClient.Response response = http.send(request.method(), request.target(), request.headers(), request.body());
        SENT.incrementAndGet();
        answers.check(request, response);
        JsonNode after = sandbox.exportState();

        if (response.status() >= 400) {
            REJECTED.incrementAndGet();
            assertThat(after).as("state after rejected %s -> %s", request, response.status()).isEqualTo(state);
        } else {
            if (request.target().startsWith("/_sandbox/faults") && request.method().equals("POST")) {
                // an injected fault stands for the network failing (a 5xx by design): take it back at once
                SandboxInternals.runtime(sandbox).faults().clear();
            }
            state = after;
        }
    }
}
