package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two sandboxes on demand, worked at once from real threads, never see each other: clock, balances,
 * journal, idempotency keys, webhooks (each to a real loopback receiver) and faults each stay in the
 * sandbox that changed them, and the host sees none of it.
 */
class OnDemandIsolationTest {
    private static final int ROUNDS = 12;
    private static final int THREADS_EACH = 3;

    /** One sandbox on demand and what this test does to it. */
    private record Worked(String id, ApiClient api, ApiClient control, String account, long amount,
                          WebhookReceiver receiver) {
        static Worked start(ApiClient host, long amount, WebhookReceiver receiver) {
            JsonNode created = host.post("/_sandbox/sandboxes", Map.of("clock", "frozen"), null).json();
            String base = created.get("base_url").asText();
            ApiClient api = new ApiClient(base, Sandbox.DEFAULT_API_KEY);
            return new Worked(created.get("id").asText(), api, new ApiClient(base, null),
                    LiveFixtures.read(api).riversideOperating(), amount, receiver);
        }

        long balance() {
            return api.get("/v0/accounts/" + account).json().get("total_balance").asLong();
        }

        /** A credit accepted now, a clock step, a reused key, a faulted read, a journaled read. */
        List<String> round(int round) {
            List<String> problems = new ArrayList<>();
            String transfer = control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", account,
                    "amount", amount), null).json().get("id").asText();
            expect(problems, control.post("/_sandbox/inbound-ach-transfers/" + transfer + "/accept", Map.of(), null), 200);
            expect(problems, control.post("/_sandbox/clock/advance", Map.of("by", "PT1M"), null), 200);
            // the same key in both sandboxes, each with its own body: a 201 each, never the other's 422
            expect(problems, api.post("/v0/external-accounts", externalAccount(amount, round), "shared-key-" + round), 201);
            expect(problems, api.get("/v0/entities"), 503);
            return problems;
        }

        private static void expect(List<String> problems, ApiClient.Response response, int status) {
            if (response.status() != status) {
                problems.add(response.toString());
            }
        }
    }

    private static Map<String, Object> externalAccount(long amount, int round) {
        return Map.of("entity_id", "entity_00000001nh0ctdekwudu", "nickname", "Supplies " + round,
                "routing_number", "021000021", "account_number", String.valueOf(1_000_000 + amount * 100 + round),
                "holder_name", "Holder " + amount, "holder_type", "business",
                "holder_address", Map.of("line1", "1 Main St", "city", "Springfield", "state", "IL",
                        "postal_code", "62701", "country", "US"));
    }

    @Test
    @Tag("stress") // many threads at once: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void twoSandboxesWorkedAtOnceNeverSeeEachOther() throws Exception {
        try (Sandbox host = Sandbox.start(); WebhookReceiver receiverA = new WebhookReceiver();
             WebhookReceiver receiverB = new WebhookReceiver()) {
            ApiClient hostControl = new ApiClient(host.baseUrl(), null);
            Worked a = Worked.start(hostControl, 101, receiverA);
            Worked b = Worked.start(hostControl, 202, receiverB);
            long startA = a.balance();
            long startB = b.balance();
            Instant start = Instant.parse(a.control.get("/_sandbox/clock").json().get("now").asText());
            ApiClient hostApi = new ApiClient(host.baseUrl(), Sandbox.DEFAULT_API_KEY);
            String hostAccounts = hostApi.get("/v0/accounts").text();
            for (Worked w : List.of(a, b)) {
                w.control.post("/_sandbox/webhooks", Map.of("url", w.receiver.url(), "events", List.of("transaction.created")), null);
                // every GET /v0/entities of this sandbox fails; the other's would not, were it asked
                w.control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503,
                        "times", ROUNDS * THREADS_EACH), null);
                w.control.delete("/_sandbox/requests");
            }

            ExecutorService threads = Executors.newFixedThreadPool(2 * THREADS_EACH);
            List<Callable<List<String>>> work = new ArrayList<>();
            for (Worked w : List.of(a, b)) {
                for (int t = 0; t < THREADS_EACH; t++) {
                    int thread = t;
                    work.add(() -> {
                        List<String> problems = new ArrayList<>();
                        for (int r = 0; r < ROUNDS; r++) {
                            problems.addAll(w.round(thread * ROUNDS + r));
                        }
                        return problems;
                    });
                }
            }
            List<String> problems = new ArrayList<>();
            for (Future<List<String>> done : threads.invokeAll(work, 5, TimeUnit.MINUTES)) {
                problems.addAll(done.get());
            }
            threads.shutdown();
            assertThat(problems).as("answers other than each sandbox's own").isEmpty();

            int each = ROUNDS * THREADS_EACH;
            for (Worked w : List.of(a, b)) {
                // journal: exactly this sandbox's /v0 requests (the external accounts and the faulted reads)
                JsonNode journal = w.control.get("/_sandbox/requests").json().get("data");
                assertThat(journal).hasSize(2 * each);
                List<String> statuses = new ArrayList<>();
                journal.forEach(entry -> statuses.add(entry.get("method").asText() + " " + entry.get("status").asInt()));
                assertThat(statuses).containsOnly("POST 201", "GET 503");
            }
            for (Worked w : List.of(a, b)) {
                // balances: exactly this sandbox's credits
                assertThat(w.balance()).isEqualTo((w == a ? startA : startB) + each * w.amount);
                // clock: exactly this sandbox's steps
                assertThat(w.control.get("/_sandbox/clock").json().get("now").asText())
                        .isEqualTo(start.plus(Duration.ofMinutes(each)).toString().replace("Z", ".000Z"));
                // faults: this sandbox's were all used by its own requests, none left for the other's
                assertThat(w.control.get("/_sandbox/faults").json().get("faults")).isEmpty();
                // idempotency keys: each key replays this sandbox's own account, not the other's
                ApiClient.Response replay = w.api.post("/v0/external-accounts", externalAccount(w.amount, 0), "shared-key-0");
                assertThat(replay.status()).isEqualTo(201);
                assertThat(replay.header("Idempotency-Replayed")).contains("true");
                assertThat(replay.json().get("account_number").asText()).isEqualTo(String.valueOf(1_000_000 + w.amount * 100));
                // webhooks: this sandbox's receiver hears of this sandbox's credits only
                List<WebhookReceiver.Received> heard = w.receiver.await(each, Duration.ofSeconds(60));
                assertThat(heard).extracting(r -> r.json().at("/transaction/amount").asLong()).containsOnly(w.amount);
            }
            // every attempt has ended once each sandbox's deliveries are all delivered: a stray one to the
            // wrong receiver would be in a receiver's count by then
            for (Worked w : List.of(a, b)) {
                Await.until("every delivery of the sandbox delivered", Duration.ofSeconds(60),
                        () -> w.control.get("/_sandbox/webhooks/deliveries?status=delivered&limit=100").json().get("data").size(),
                        delivered -> delivered == each);
                assertThat(w.control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data")).hasSize(each);
            }
            assertThat(receiverA.received()).hasSize(each);
            assertThat(receiverB.received()).hasSize(each);
            // the host: nothing moved
            assertThat(hostApi.get("/v0/accounts").text()).isEqualTo(hostAccounts);
            assertThat(hostControl.get("/_sandbox/clock").json().get("now").asText()).isEqualTo(start.toString().replace("Z", ".000Z"));
            assertThat(hostControl.get("/_sandbox/requests").json().get("data").size()).isEqualTo(2); // its two reads above
        }
    }
}
