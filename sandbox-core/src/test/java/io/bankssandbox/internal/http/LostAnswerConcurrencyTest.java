package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Lost answers under real concurrency: clients on their own threads, one shared connection pool, each
 * retrying with its own Idempotency-Key on an I/O error. A fault for {@code times} requests hits
 * exactly that many, every request is processed once, and every retry replays what its first try
 * created.
 */
class LostAnswerConcurrencyTest extends SandboxTestBase {
    private static final int CLIENTS = 16;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * One client's POST, retried with the same key after each I/O error (a retry may meet a fault too, while
     * the others' first tries are still coming in): the answer it ends with.
     */
    private HttpResponse<String> createCard(String key, CountDownLatch go) throws Exception {
        go.await();
        HttpRequest request = api.postRequest("/v0/cards", cardBody(riversideOperatingAccountId()), key);
        for (int tries = 1; ; tries++) {
            try {
                return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException lost) {
                if (tries > CLIENTS) {
                    throw lost; // more lost answers than the fault has: a bug, not bad luck
                }
            }
        }
    }

    private List<HttpResponse<String>> concurrently(List<String> keys) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(keys.size());
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<HttpResponse<String>>> calls = new ArrayList<>();
            for (String key : keys) {
                calls.add(threads.submit(() -> createCard(key, go)));
            }
            go.countDown();
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (Future<HttpResponse<String>> call : calls) {
                answers.add(call.get(120, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            threads.shutdownNow();
        }
    }

    private static String id(HttpResponse<String> answer) throws IOException {
        return Json.MAPPER.readTree(answer.body()).get("id").asText();
    }

    @Test
    void eachLostAnswerIsProcessedOnceAndItsRetryReplaysIt() throws Exception {
        control.post("/_sandbox/faults", Map.of("method", "POST", "path", "/v0/cards", "after_processing", true,
                "close_connection", true, "times", CLIENTS / 2), null);
        int before = state().get("cards").size();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            keys.add("concurrent-lost-" + i);
        }

        List<HttpResponse<String>> answers = concurrently(keys);

        assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(201);
        assertThat(state().get("cards").size()).as("one card per client").isEqualTo(before + CLIENTS);
        List<String> ids = new ArrayList<>();
        for (HttpResponse<String> answer : answers) {
            ids.add(id(answer));
        }
        assertThat(ids).doesNotHaveDuplicates();
        JsonNode journal = control.get("/_sandbox/requests").json().get("data");
        List<JsonNode> lost = new ArrayList<>();
        journal.forEach(entry -> {
            if (entry.get("status").asInt() == 0) {
                lost.add(entry);
            }
        });
        assertThat(lost).as("exactly the fault's times").hasSize(CLIENTS / 2).allSatisfy(entry -> {
            assertThat(entry.get("fault").get("processed_status").asInt()).isEqualTo(201);
            assertThat(ids).contains(entry.get("fault").get("processed_body").get("id").asText());
        });
        java.util.Set<String> keysThatLostOne = new java.util.HashSet<>();
        lost.forEach(entry -> keysThatLostOne.add(entry.get("idempotency_key").asText()));
        assertThat(answers.stream().filter(a -> a.headers().firstValue("Idempotency-Replayed").isPresent()))
                .as("a replay for each client that lost an answer, and only for those").hasSize(keysThatLostOne.size());
        assertThat(journal).hasSize(CLIENTS + CLIENTS / 2);
        assertThat(control.get("/_sandbox/faults").json().get("faults")).isEmpty();
    }

    @Test
    void concurrentRetriesOfOneLostAnswerAllGetTheOneCard() throws Exception {
        control.post("/_sandbox/faults", Map.of("method", "POST", "path", "/v0/cards", "after_processing", true,
                "close_connection", true), null);
        int before = state().get("cards").size();
        assertThat(concurrently(List.of("one-lost-answer-1")).get(0).headers().firstValue("Idempotency-Replayed"))
                .contains("true");

        List<HttpResponse<String>> retries = concurrently(java.util.Collections.nCopies(8, "one-lost-answer-1"));

        assertThat(retries).extracting(HttpResponse::statusCode).containsOnly(201);
        assertThat(retries).allSatisfy(retry -> assertThat(retry.headers().firstValue("Idempotency-Replayed")).contains("true"));
        List<String> ids = new ArrayList<>();
        for (HttpResponse<String> retry : retries) {
            ids.add(id(retry));
        }
        assertThat(ids).containsOnly(state().get("cards").get(before).get("id").asText());
        assertThat(state().get("cards").size()).isEqualTo(before + 1);
    }
}
