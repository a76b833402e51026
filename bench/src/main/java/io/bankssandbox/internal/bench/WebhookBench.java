package io.bankssandbox.internal.bench;

import io.bankssandbox.BenchInternals;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.accounts.TransactionPosted;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The webhook targets (docs/performance.md), embedded: (1) a burst of 10,000 transactions (5,000 book
 * transfers over HTTP from 8 client threads), every {@code transaction.created} delivered to a
 * loopback receiver, first-attempt latency measured from the write's commit to the receiver's
 * arrival; (2) {@code POST /v0/cards} latency with an endpoint whose receiver accepts connections
 * and never answers (a backlog of deliveries waiting on it), side by side with no endpoint, in
 * alternating rounds.
 * Prints {@code key=value} lines for bench/run.sh.
 */
public final class WebhookBench {
    private static final String OPERATING = "account_0000000ptmhjx1gxm2mi";
    private static final String CARD_BODY = "{\"bank_account_id\":\"" + OPERATING + "\",\"nickname\":\"Bench\","
            + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
            + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Rounds of each side in the dead-receiver comparison, in ABBA order (see cardsBesideADeadReceiver). */
    private static final int DEAD_RECEIVER_ROUNDS = 4;

    private WebhookBench() {}

    public static void main(String[] args) throws Exception {
        int transfers = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int cards = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        burst(client, transfers);
        if (cards > 0) {
            cardsBesideADeadReceiver(client, cards);
        }
    }

    private static void burst(HttpClient client, int transfers) throws Exception {
        Map<String, Long> committedAt = new ConcurrentHashMap<>();
        Map<String, Long> arrivedAt = new ConcurrentHashMap<>();
        int expected = transfers * 2;
        // counts the measured burst only: armed after the warm-up's deliveries have all arrived
        java.util.concurrent.atomic.AtomicReference<CountDownLatch> counting =
                new java.util.concurrent.atomic.AtomicReference<>(new CountDownLatch(0));
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(Executors.newFixedThreadPool(2));
        receiver.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            long now = System.nanoTime();
            String id = JSON.readTree(body).at("/transaction/id").asText();
            if (arrivedAt.putIfAbsent(id, now) == null) {
                counting.get().countDown();
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try (Sandbox sandbox = Sandbox.start()) {
            String payroll = accountNamed(client, sandbox, "Riverside Payroll");
            sandbox.webhooks().subscribe("http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks");
            BenchInternals.runtime(sandbox).events().afterCommit(batch -> {
                long now = System.nanoTime();
                batch.forEach(e -> {
                    if (e instanceof TransactionPosted posted) {
                        committedAt.put(posted.transaction().id(), now);
                    }
                });
            });
            String body = "{\"source_account_id\":\"" + OPERATING + "\",\"destination_account_id\":\"" + payroll
                    + "\",\"amount\":1}";
            // warm-up, not counted: JIT, connections, the delivery threads
            for (int i = 0; i < 500; i++) {
                post(client, sandbox, "/v0/book-transfer", body, "webhook-warm-" + i);
            }
            sandbox.webhooks().awaitDelivered("transaction.created", d -> true, java.time.Duration.ofSeconds(60));
            waitQuiet(sandbox);
            committedAt.clear();
            arrivedAt.clear();
            CountDownLatch all = new CountDownLatch(expected);
            counting.set(all);

            long start = System.nanoTime();
            ExecutorService clients = Executors.newFixedThreadPool(8);
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                running.add(clients.submit(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < transfers) {
                        post(client, sandbox, "/v0/book-transfer", body, "webhook-burst-" + i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
            long posted = System.nanoTime();
            clients.shutdown();
            if (!all.await(300, TimeUnit.SECONDS)) {
                throw new IllegalStateException("only " + (expected - all.getCount()) + " of " + expected + " delivered");
            }
            long delivered = System.nanoTime();
            double[] latency = new double[expected];
            int n = 0;
            for (Map.Entry<String, Long> arrival : arrivedAt.entrySet()) {
                Long committed = committedAt.get(arrival.getKey());
                if (committed != null) {
                    latency[n++] = (arrival.getValue() - committed) / 1e6;
                }
            }
            latency = java.util.Arrays.copyOf(latency, n);
            EmbeddedBench.print("webhook_burst_events", n);
            EmbeddedBench.print("webhook_burst_post_s", (posted - start) / 1e9);
            EmbeddedBench.print("webhook_burst_all_delivered_s", (delivered - start) / 1e9);
            EmbeddedBench.print("webhook_first_attempt_p50_ms", Stats.median(latency));
            EmbeddedBench.print("webhook_first_attempt_p99_ms", Stats.percentile(latency, 99));
        } finally {
            receiver.stop(0);
            ((ExecutorService) receiver.getExecutor()).shutdownNow();
        }
    }

    /** Waits until nothing is pending, so the measured burst starts on an idle engine. */
    private static void waitQuiet(Sandbox sandbox) throws InterruptedException {
        while (sandbox.webhooks().deliveries().stream().anyMatch(d -> "pending".equals(d.status()))) {
            Thread.sleep(10);
        }
    }

    /**
     * The same run with no endpoint and beside a dead receiver, in rounds of both whose order goes
     * ABBA, after four unmeasured runs; the ratio is the geometric mean of the rounds' ratios. The
     * JIT still speeds each run up, so whichever went second got warmer code: with one run of each,
     * the dead receiver's (second) measured 0.58x of the other, faster, not slower.
     */
    private static void cardsBesideADeadReceiver(HttpClient client, int cards) throws Exception {
        // accepts connections, reads nothing, answers nothing: every attempt waits for the 10 s timeout
        try (ServerSocket dead = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(dead.accept());
                    }
                } catch (Exception closed) {
                    // the bench is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String deadEndpoint = "http://127.0.0.1:" + dead.getLocalPort() + "/hooks";
            for (int warmUp = 0; warmUp < 4; warmUp++) { // not counted: the JIT still speeds each run up
                cardLatencies(client, cards, warmUp % 2 == 0 ? null : deadEndpoint);
            }
            List<double[]> none = new ArrayList<>();
            List<double[]> hung = new ArrayList<>();
            for (int round = 0; round < DEAD_RECEIVER_ROUNDS; round++) {
                boolean deadFirst = round % 4 == 1 || round % 4 == 2; // ABBA: a trend left over weighs on both sides
                (deadFirst ? hung : none).add(cardLatencies(client, cards, deadFirst ? deadEndpoint : null));
                (deadFirst ? none : hung).add(cardLatencies(client, cards, deadFirst ? null : deadEndpoint));
            }
            double logRatios = 0;
            for (int round = 0; round < DEAD_RECEIVER_ROUNDS; round++) {
                double ratio = Stats.median(hung.get(round)) / Stats.median(none.get(round));
                System.err.printf("round %d: no endpoint %.3f ms, dead receiver %.3f ms: %.2fx%n", round,
                        Stats.median(none.get(round)), Stats.median(hung.get(round)), ratio);
                logRatios += Math.log(ratio);
            }
            double[] noneAll = joined(none);
            double[] hungAll = joined(hung);
            EmbeddedBench.print("post_card_no_endpoint_median_ms", Stats.median(noneAll));
            EmbeddedBench.print("post_card_no_endpoint_p99_ms", Stats.percentile(noneAll, 99));
            EmbeddedBench.print("post_card_dead_receiver_median_ms", Stats.median(hungAll));
            EmbeddedBench.print("post_card_dead_receiver_p99_ms", Stats.percentile(hungAll, 99));
            // each round's two runs side by side, then the geometric mean: the pooled medians mix rounds
            // the JIT had sped up by different amounts
            EmbeddedBench.print("post_card_dead_receiver_ratio", Math.exp(logRatios / DEAD_RECEIVER_ROUNDS));
        }
    }

    private static double[] joined(List<double[]> rounds) {
        return rounds.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    /** Sequential POST /v0/cards, a book transfer (two events) after every tenth, after a warm-up. */
    private static double[] cardLatencies(HttpClient client, int cards, String endpoint) throws Exception {
        try (Sandbox sandbox = Sandbox.start()) {
            String payroll = accountNamed(client, sandbox, "Riverside Payroll");
            if (endpoint != null) {
                sandbox.webhooks().subscribe(endpoint);
            }
            String transfer = "{\"source_account_id\":\"" + OPERATING + "\",\"destination_account_id\":\"" + payroll
                    + "\",\"amount\":1}";
            for (int i = 0; i < 1_000; i++) { // warm-up, and a backlog of deliveries for the dead receiver
                post(client, sandbox, "/v0/cards", CARD_BODY, "warm-card-" + i);
                post(client, sandbox, "/v0/book-transfer", transfer, "warm-transfer-" + i);
            }
            double[] latency = new double[cards];
            for (int i = 0; i < cards; i++) {
                if (i % 10 == 0) {
                    post(client, sandbox, "/v0/book-transfer", transfer, "webhook-transfer-" + i);
                }
                long t0 = System.nanoTime();
                post(client, sandbox, "/v0/cards", CARD_BODY, "webhook-card-" + i);
                latency[i] = (System.nanoTime() - t0) / 1e6;
            }
            return latency;
        }
    }

    private static String accountNamed(HttpClient client, Sandbox sandbox, String name) {
        for (JsonNode account : sandbox.exportState().get("accounts")) {
            if (name.equals(account.get("name").asText())) {
                return account.get("id").asText();
            }
        }
        throw new IllegalStateException("no account " + name);
    }

    private static void post(HttpClient client, Sandbox sandbox, String path, String body, String key) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).header("Content-Type", "application/json")
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
        }
    }
}
