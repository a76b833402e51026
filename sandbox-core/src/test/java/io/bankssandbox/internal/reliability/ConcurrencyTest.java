package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Real threads against Javalin's pool: clients creating cards and external accounts with fresh and
 * with shared Idempotency-Keys, moving money between two accounts, while inbound ACH credits arrive
 * and another client advances the clock so they resolve. Exactly one resource per key, no lost
 * update (every balance is what the accepted operations add up to), no deadlock (bounded waits).
 */
class ConcurrencyTest extends SandboxTestBase {
    static final int WORKERS = 16;
    static final int OPERATIONS_PER_WORKER = 30;
    static final int SHARED_KEYS = 6;
    static final int INBOUND_CREDITS = 20;
    static final long CREDIT = 1_000;

    private record Outcome(String kind, String key, int status, String id) {}

    @Test
    void concurrentCreatesTransfersAndClockAdvancesKeepEveryInvariant() throws Exception {
        JsonNode before = state();
        String operating = riversideOperatingAccountId();
        String payroll = rows("accounts", "name", "Riverside Payroll").get(0).get("id").asText();
        String riverside = riversideId();
        long pairTotalBefore = total(before, operating) + total(before, payroll);

        ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Map<String, String> inbound = new ConcurrentHashMap<>();
        AtomicLong transferred = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS + 2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            int worker = w;
            futures.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < OPERATIONS_PER_WORKER; i++) {
                    int shared = (worker + i) % SHARED_KEYS;
                    switch ((worker + i) % 5) {
                        case 0 -> record(outcomes, failures, "card", null,
                                api.post("/v0/cards", ValidBodies.card(operating), "conc-card-" + worker + "-" + i));
                        case 1 -> record(outcomes, failures, "card", "shared-card-key-" + shared,
                                api.post("/v0/cards", sharedCard(operating, shared), "shared-card-key-" + shared));
                        case 2 -> record(outcomes, failures, "external", null, api.post("/v0/external-accounts",
                                ValidBodies.externalAccount(riverside, String.format("9%02d%03d", worker, i)), "conc-ext-" + worker + "-" + i));
                        case 3 -> record(outcomes, failures, "external", "shared-ext-key-" + shared, api.post(
                                "/v0/external-accounts", ValidBodies.externalAccount(riverside, "7700" + shared),
                                "shared-ext-key-" + shared));
                        default -> {
                            boolean forward = i % 2 == 0;
                            long amount = 1 + worker + i;
                            ApiClient.Response r = api.post("/v0/book-transfer", Map.of(
                                    "source_account_id", forward ? operating : payroll,
                                    "destination_account_id", forward ? payroll : operating, "amount", amount));
                            record(outcomes, failures, "book", null, r);
                            if (r.status() == 201) {
                                transferred.incrementAndGet();
                            }
                        }
                    }
                }
                return null;
            }));
        }
        futures.add(pool.submit(() -> {
            go.await();
            for (int i = 0; i < INBOUND_CREDITS; i++) {
                ApiClient.Response r = control.post("/_sandbox/inbound-ach-transfers",
                        Map.of("account_id", operating, "amount", CREDIT), null);
                if (r.status() != 201) {
                    failures.add("inbound: " + r);
                } else {
                    inbound.put(r.json().get("id").asText(), "created");
                }
            }
            return null;
        }));
        futures.add(pool.submit(() -> {
            go.await();
            for (int i = 0; i < 30; i++) {
                ApiClient.Response r = control.post("/_sandbox/clock/advance", Map.of("by", "PT5M"), null);
                if (r.status() != 200) {
                    failures.add("advance: " + r);
                }
            }
            return null;
        }));
        go.countDown();
        for (Future<?> future : futures) {
            try {
                future.get(120, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                pool.shutdownNow();
                throw new AssertionError("a client got no answer within 120 s: deadlock or starvation", e);
            }
        }
        pool.shutdown();
        assertThat(failures).as("unexpected answers").isEmpty();

        // every shared key created exactly one resource, and every answer for it names that resource
        Map<String, Set<String>> idsPerKey = new HashMap<>();
        Set<String> freshIds = new HashSet<>();
        int freshCount = 0;
        for (Outcome o : outcomes) {
            if (o.status() != 201) {
                continue;
            }
            if (o.key() != null) {
                idsPerKey.computeIfAbsent(o.key(), k -> new HashSet<>()).add(o.id());
            } else if (!o.kind().equals("book")) {
                freshIds.add(o.id());
                freshCount++;
            }
        }
        idsPerKey.forEach((key, ids) -> assertThat(ids).as("resources created under " + key).hasSize(1));
        assertThat(freshIds).hasSize(freshCount);

        sandbox.clock().advance(Duration.ofHours(2)); // resolve every inbound credit still pending
        JsonNode after = state();
        long cardsCreated = outcomes.stream().filter(o -> o.kind().equals("card") && o.status() == 201)
                .map(Outcome::id).distinct().count();
        long externalCreated = outcomes.stream().filter(o -> o.kind().equals("external") && o.status() == 201)
                .map(Outcome::id).distinct().count();
        assertThat(after.get("cards").size()).isEqualTo(before.get("cards").size() + cardsCreated);
        assertThat(after.get("external_accounts").size()).isEqualTo(before.get("external_accounts").size() + externalCreated);
        assertThat(after.get("book_transfers").size()).isEqualTo(before.get("book_transfers").size() + transferred.get());
        assertThat(idsPerKey).hasSize(2 * SHARED_KEYS);

        // no lost update: transfers between the two accounts conserve their sum; the credits add to it
        assertThat(inbound).hasSize(INBOUND_CREDITS);
        for (JsonNode transfer : after.get("inbound_ach_transfers")) {
            if (inbound.containsKey(transfer.get("id").asText())) {
                assertThat(transfer.get("status").asText()).isEqualTo("accepted");
            }
        }
        // the clock moved hours, so pending fixture transfers to these accounts resolved too: count them in
        long accepted = acceptedSince(before, after, Set.of(operating, payroll));
        assertThat(accepted).isGreaterThanOrEqualTo(INBOUND_CREDITS * CREDIT);
        assertThat(total(after, operating) + total(after, payroll)).isEqualTo(pairTotalBefore + accepted);
        assertThat(Invariants.balancesAddUp(after)).isEqualTo(after.get("accounts").size());
    }

    private static Map<String, Object> sharedCard(String account, int shared) {
        Map<String, Object> body = new HashMap<>(ValidBodies.card(account));
        body.put("nickname", "Shared " + shared);
        return body;
    }

    private static void record(ConcurrentLinkedQueue<Outcome> outcomes, ConcurrentLinkedQueue<String> failures,
                               String kind, String key, ApiClient.Response response) {
        // 409: the same key is still in flight on another thread, the documented answer to a concurrent duplicate
        if (response.status() != 201 && !(key != null && response.status() == 409)) {
            failures.add(kind + " " + key + ": " + response);
            return;
        }
        String id = response.status() == 201 ? response.json().get("id").asText() : null;
        outcomes.add(new Outcome(kind, key, response.status(), id));
    }

    /** The amounts of inbound ACH transfers to these accounts that were accepted between the two exports. */
    private static long acceptedSince(JsonNode before, JsonNode after, Set<String> accounts) {
        Set<String> acceptedBefore = new HashSet<>();
        for (JsonNode transfer : before.get("inbound_ach_transfers")) {
            if (transfer.get("status").asText().equals("accepted")) {
                acceptedBefore.add(transfer.get("id").asText());
            }
        }
        long sum = 0;
        for (JsonNode transfer : after.get("inbound_ach_transfers")) {
            if (transfer.get("status").asText().equals("accepted") && accounts.contains(transfer.get("account_id").asText())
                    && !acceptedBefore.contains(transfer.get("id").asText())) {
                sum += transfer.get("amount").asLong();
            }
        }
        return sum;
    }

    private static long total(JsonNode export, String accountId) {
        for (JsonNode account : export.get("accounts")) {
            if (account.get("id").asText().equals(accountId)) {
                return account.get("total_balance").asLong();
            }
        }
        throw new AssertionError("no account " + accountId);
    }
}
