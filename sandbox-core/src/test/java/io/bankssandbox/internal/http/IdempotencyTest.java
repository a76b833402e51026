package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyTest extends SandboxTestBase {

    private int cardCount() {
        return state().get("cards").size();
    }

    @Test
    void missingIdempotencyKeyIsABadRequest() {
        ApiClient.Response response = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().toString()).isEqualTo(
                "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":\"Idempotency-Key header is required\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"short", "123456789", "has space in it", "bad/slash/key", "emoji-\u00e9-key-1234"})
    void malformedIdempotencyKeyIsABadRequest(String key) {
        ApiClient.Response response = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), key);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText())
                .isEqualTo("Idempotency-Key must be 10 to 256 characters of letters, digits, '_', ':' or '-'");
    }

    @Test
    void keysOfTenAndTwoHundredFiftySixCharactersAreAccepted() {
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "a:b_c-d123").status()).isEqualTo(201);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "k".repeat(256)).status()).isEqualTo(201);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "k".repeat(257)).status()).isEqualTo(400);
    }

    @Test
    void replayReturnsTheOriginalCardWithoutIssuingASecond() {
        ApiClient.Response first = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "replay-key-0001");
        int after = cardCount();
        ApiClient.Response second = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "replay-key-0001");
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(second.header("Idempotency-Replayed")).contains("true");
        assertThat(first.header("Idempotency-Replayed")).isEmpty();
        assertThat(cardCount()).isEqualTo(after);
    }

    @Test
    void replayIgnoresWhitespaceAndKeyOrder() {
        String account = riversideOperatingAccountId();
        String compact = "{\"bank_account_id\":\"" + account + "\",\"nickname\":\"A\",\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100}]}}}}";
        String reordered = "{ \"nickname\": \"A\", \"authorization_controls\": {\"usage\": {\"multi_use\": {\"spending_limits\": [{\"amount\": 100, \"interval\": \"per_day\"}]}, \"category\": \"multi_use\"}}, \"bank_account_id\": \"" + account + "\" }";
        ApiClient.Response first = api.post("/v0/cards", compact, "order-key-0001");
        ApiClient.Response second = api.post("/v0/cards", reordered, "order-key-0001");
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("id")).isEqualTo(first.json().get("id"));
    }

    @Test
    void sameKeyWithAnotherBodyIsUnprocessable() {
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "conflict-key-01");
        Map<String, Object> other = new HashMap<>(cardBody(riversideOperatingAccountId()));
        other.put("nickname", "Something else");
        ApiClient.Response response = api.post("/v0/cards", other, "conflict-key-01");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(422);
        assertThat(response.json().get("error").asText()).isEqualTo("Unprocessable Entity");
        assertThat(response.json().get("message").isTextual()).isTrue();
    }

    @Test
    void storedKeyWithAnInvalidBodyIsStillUnprocessable() {
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "conflict-key-02");
        ApiClient.Response response = api.post("/v0/cards", Map.of("nickname", ""), "conflict-key-02");
        assertThat(response.status()).isEqualTo(422);
    }

    @Test
    void rejectedRequestStoresNothingSoACorrectedRetryMayReuseTheKey() {
        Map<String, Object> invalid = new HashMap<>(cardBody(riversideOperatingAccountId()));
        invalid.put("nickname", "");
        assertThat(api.post("/v0/cards", invalid, "retry-key-0001").status()).isEqualTo(400);
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "retry-key-0001").status()).isEqualTo(201);
    }

    @Test
    void keysAreScopedPerApiKey() {
        JsonNode mine = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "scoped-key-001").json();
        ApiClient.Response theirs = api.as(ONE).post("/v0/cards", cardBody(riversideOperatingAccountId()), "scoped-key-001");
        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotency-Replayed")).isEmpty();
        assertThat(theirs.json().get("id")).isNotEqualTo(mine.get("id"));
    }

    @Test
    void keysAreKeptTwentyFourHoursOfSandboxTime() {
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "retention-key-1");
        sandbox.clock().advance(Duration.ofHours(23).plusMinutes(59));
        assertThat(api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "retention-key-1")
                .header("Idempotency-Replayed")).contains("true");
        sandbox.clock().advance(Duration.ofMinutes(2));
        ApiClient.Response later = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "retention-key-1");
        assertThat(later.status()).isEqualTo(201);
        assertThat(later.header("Idempotency-Replayed")).isEmpty();
    }

    @Test
    void concurrentDuplicatesNeverCreateTwoCards() throws Exception {
        int before = cardCount();
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<ApiClient.Response>> answers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            answers.add(pool.submit(() -> {
                go.await();
                return api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "concurrent-key-1");
            }));
        }
        go.countDown();
        List<String> ids = new ArrayList<>();
        for (Future<ApiClient.Response> answer : answers) {
            ApiClient.Response response = answer.get();
            assertThat(response.status()).isIn(201, 409);
            if (response.status() == 201) {
                ids.add(response.json().get("id").asText());
            } else {
                assertThat(response.json().get("message").asText()).contains("still being processed");
            }
        }
        pool.shutdown();
        assertThat(ids).isNotEmpty();
        assertThat(ids).containsOnly(ids.get(0));
        assertThat(cardCount()).isEqualTo(before + 1);
    }

    @Test
    void concurrentDistinctKeysEachCreateOneCard() throws Exception {
        int before = cardCount();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> statuses = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String key = "distinct-key-" + String.format("%04d", i);
            statuses.add(pool.submit(() -> api.post("/v0/cards", cardBody(riversideOperatingAccountId()), key).status()));
        }
        for (Future<Integer> status : statuses) {
            assertThat(status.get()).isEqualTo(201);
        }
        pool.shutdown();
        assertThat(cardCount()).isEqualTo(before + 40);
    }

    @Test
    void aResetForgetsTheKeysUsedSinceTheSandboxStarted() {
        int fixtureCards = cardCount();
        String first = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "reset-key-0001").json().get("id").asText();
        sandbox.reset();
        assertThat(state().get("idempotency_keys")).isEmpty();
        ApiClient.Response again = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "reset-key-0001");
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotency-Replayed")).isEmpty();
        assertThat(again.json().get("id").asText()).as("ids restart with the reset state").isEqualTo(first);
        assertThat(cardCount()).isEqualTo(fixtureCards + 1);
    }

    @Test
    void aStateImportKeepsTheSnapshotsKeysAndForgetsTheOnesUsedAfterIt() {
        JsonNode kept = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "import-key-0001").json();
        JsonNode snapshot = state();
        assertThat(snapshot.get("idempotency_keys")).hasSize(1);
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "import-key-0002");
        int cardsInSnapshot = snapshot.get("cards").size();

        sandbox.importState(snapshot);
        assertThat(state().get("idempotency_keys")).isEqualTo(snapshot.get("idempotency_keys"));
        ApiClient.Response replay = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "import-key-0001");
        assertThat(replay.header("Idempotency-Replayed")).contains("true");
        assertThat(replay.json().get("id")).isEqualTo(kept.get("id"));
        ApiClient.Response forgotten = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "import-key-0002");
        assertThat(forgotten.status()).isEqualTo(201);
        assertThat(forgotten.header("Idempotency-Replayed")).isEmpty();
        assertThat(cardCount()).isEqualTo(cardsInSnapshot + 1);
    }
}
