package io.bankssandbox.internal.http;

import io.bankssandbox.SandboxInternals;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.cards.CardIssued;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A duplicate that arrives while the first request with its key is still being handled. The first
 * request is held inside its handler, after its write and before it answers, by a domain-event
 * subscriber waiting on a latch; the duplicate is sent only then, so the overlap is certain rather
 * than hoped for from thread timing.
 */
class IdempotencyInFlightTest {

    @Test
    void aDuplicateArrivingWhileTheFirstIsStillBeingHandledIs409AndTheFirstStillCreatesOneCard() throws Exception {
        try (Sandbox sandbox = Sandbox.start()) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL);
            String account = LiveFixtures.read(api).riversideOperating();
            Hold hold = Hold.cardIssues(sandbox);
            int cardsBefore = sandbox.exportState().get("cards").size();

            CompletableFuture<ApiClient.Response> first = CompletableFuture.supplyAsync(
                    () -> api.post("/v0/cards", SandboxTestBase.cardBody(account), "in-flight-key-1"));
            assertThat(hold.inHandler.await(30, TimeUnit.SECONDS)).as("the first request reached its handler").isTrue();

            ApiClient.Response duplicate = api.post("/v0/cards", SandboxTestBase.cardBody(account), "in-flight-key-1");
            assertThat(duplicate.status()).isEqualTo(409);
            assertThat(duplicate.json().toString()).isEqualTo("{\"statusCode\":409,\"error\":\"Conflict\","
                    + "\"message\":\"A request with Idempotency-Key in-flight-key-1 is still being processed\"}");
            assertThat(first).as("the first request is still held").isNotDone();

            hold.release.countDown();
            ApiClient.Response created = first.get(30, TimeUnit.SECONDS);
            assertThat(created.status()).isEqualTo(201);
            assertThat(created.header("Idempotency-Replayed")).isEmpty();

            ApiClient.Response retry = api.post("/v0/cards", SandboxTestBase.cardBody(account), "in-flight-key-1");
            assertThat(retry.status()).isEqualTo(201);
            assertThat(retry.header("Idempotency-Replayed")).contains("true");
            assertThat(retry.json().get("id")).isEqualTo(created.json().get("id"));
            assertThat(sandbox.exportState().get("cards").size()).isEqualTo(cardsBefore + 1);
        }
    }

    @Test
    void aKeyWhoseFirstRequestIsStillBeingHandledIs409ForAnotherBodyToo() throws Exception {
        try (Sandbox sandbox = Sandbox.start()) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL);
            LiveFixtures fixtures = LiveFixtures.read(api);
            Hold hold = Hold.cardIssues(sandbox);
            CompletableFuture<ApiClient.Response> first = CompletableFuture.supplyAsync(() ->
                    api.post("/v0/cards", SandboxTestBase.cardBody(fixtures.riversideOperating()), "in-flight-key-2"));
            assertThat(hold.inHandler.await(30, TimeUnit.SECONDS)).isTrue();
            // not stored yet, so there is no body to compare with: the key is simply busy
            ApiClient.Response other = api.post("/v0/cards", SandboxTestBase.cardBody(fixtures.riversidePayroll()),
                    "in-flight-key-2");
            assertThat(other.status()).isEqualTo(409);
            hold.release.countDown();
            assertThat(first.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
            ApiClient.Response afterwards = api.post("/v0/cards", SandboxTestBase.cardBody(fixtures.riversidePayroll()),
                    "in-flight-key-2");
            assertThat(afterwards.status()).as("once stored, another body is 422").isEqualTo(422);
        }
    }

    /** Holds every request that issues a card after its write, until the test releases it. */
    record Hold(CountDownLatch inHandler, CountDownLatch release) {
        static Hold cardIssues(Sandbox sandbox) {
            Hold hold = new Hold(new CountDownLatch(1), new CountDownLatch(1));
            SandboxInternals.runtime(sandbox).events().afterCommit(batch -> {
                if (batch.stream().anyMatch(CardIssued.class::isInstance)) {
                    hold.inHandler.countDown();
                    await(hold.release);
                }
            });
            return hold;
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the held request");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
