package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Delivery under load, against a real receiver: events a request or two produce arrive in the order
 * they occurred, one attempt at a time; a backlog opens the endpoint's window to several attempts at
 * once, and every event still arrives exactly once; a reset or an import in the middle of a burst
 * sends nothing of the replaced state afterwards; a slow receiver still gets everything.
 */
class WebhookBurstTest extends WebhookTestBase {

    /**
     * A receiver that holds every request until {@link #open}, counting how many it holds at once:
     * the sandbox cannot send more than its window while they are held, so the count is its window.
     */
    static final class Gate implements Consumer<WebhookReceiver.Received> {
        final CountDownLatch released = new CountDownLatch(1);
        final CountDownLatch windowFull = new CountDownLatch(DeliveryLane.WINDOW);
        final AtomicInteger held = new AtomicInteger();
        final AtomicInteger mostHeld = new AtomicInteger();

        @Override
        public void accept(WebhookReceiver.Received request) {
            mostHeld.accumulateAndGet(held.incrementAndGet(), Math::max);
            windowFull.countDown();
            try {
                released.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                held.decrementAndGet();
            }
        }

        void awaitWindowFull() {
            try {
                assertThat(windowFull.await(WITHIN.toMillis(), TimeUnit.MILLISECONDS))
                        .as("%d attempts held at once", DeliveryLane.WINDOW).isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        void open() {
            released.countDown();
        }
    }

    /** {@code count} book transfers from Riverside Operating to Payroll, from four threads: two events each. */
    static void bookTransfers(ApiClient api, String from, String to, int count) {
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                running.add(clients.submit(() -> {
                    while (next.getAndIncrement() < count) {
                        ok(api.post("/v0/book-transfer", Map.of("source_account_id", from, "destination_account_id", to,
                                "amount", 1)), 201);
                    }
                    return null;
                }));
            }
            for (Future<?> each : running) {
                each.get();
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            clients.shutdownNow();
        }
    }

    private void bookTransfers(int count) {
        bookTransfers(api, fixtures.riversideOperating(), fixtures.riversidePayroll(), count);
    }

    /** Every delivery in the log, oldest first (the order their events occurred). */
    private static List<JsonNode> log(ApiClient control) {
        List<JsonNode> newestFirst = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = ok(control.get("/_sandbox/webhooks/deliveries?limit=100" + (cursor == null ? "" : "&cursor=" + cursor)), 200);
            page.get("data").forEach(newestFirst::add);
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        java.util.Collections.reverse(newestFirst);
        return newestFirst;
    }

    /** The receiver got each of the log's events exactly once, and the log holds each as delivered at the first attempt. */
    private void assertDeliveredExactlyOnce(int events) {
        List<WebhookReceiver.Received> got = receiver.await(events, WITHIN);
        List<JsonNode> log = log(control);
        assertThat(log).hasSize(events);
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (log.stream().anyMatch(d -> !"delivered".equals(d.get("status").asText())) && System.nanoTime() < deadline) {
            sleep(20); // the receiver answers a moment before the sandbox records the answer
            log = log(control);
        }
        assertThat(log).allSatisfy(d -> {
            assertThat(d.get("status").asText()).isEqualTo("delivered");
            assertThat(d.get("attempts")).hasSize(1);
        });
        assertThat(receiver.received()).as("no duplicates").hasSize(events);
        assertThat(got.stream().map(r -> r.header("webhook-id")).toList()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(log.stream().map(d -> d.get("event_id").asText()).toList());
    }

    @Test
    void eventsThatDoNotBuildABacklogArriveInTheOrderTheyOccurred() {
        subscribe(Map.of("url", receiver.url()));
        // ten book transfers, each two transaction.created in one commit: 20 events, under the backlog that opens the window
        for (int i = 0; i < 10; i++) {
            ok(api.post("/v0/book-transfer", Map.of("source_account_id", fixtures.riversideOperating(),
                    "destination_account_id", fixtures.riversidePayroll(), "amount", 100 + i)), 201);
        }
        // three onboardings: entity.connected, then each opening balance's transaction.created
        for (int i = 0; i < 3; i++) {
            ok(control.post("/_sandbox/entities", Map.of("name", "Practice " + i, "structure", "llc",
                    "address", Map.of("line1", i + " Main St", "line2", "", "city", "Austin", "state", "TX", "postalCode", "78701"),
                    "accounts", List.of(Map.of("name", "Operating " + i, "opening_balance", 1_000 + i),
                            Map.of("name", "Payroll " + i, "opening_balance", 2_000 + i)),
                    "api_keys", List.of())), 201);
        }
        int events = 20 + 3 * 3;
        assertThat(DeliveryLane.BACKLOG).isGreaterThan(events);
        List<WebhookReceiver.Received> got = receiver.await(events, WITHIN);
        assertThat(got.stream().map(r -> r.header("webhook-id")).toList())
                .containsExactlyElementsOf(log(control).stream().map(d -> d.get("event_id").asText()).toList());
        List<String> onboarding = got.subList(20, events).stream()
                .map(r -> r.json().get("event").asText() + " " + r.json().at("/transaction/amount").asLong()).toList();
        assertThat(onboarding).containsExactly("entity.connected 0", "transaction.created 1000", "transaction.created 2000",
                "entity.connected 0", "transaction.created 1001", "transaction.created 2001",
                "entity.connected 0", "transaction.created 1002", "transaction.created 2002");
    }

    /**
     * The gate holds attempts on purpose while requests build the backlog, which on a loaded machine can
     * take longer than an attempt's 10 s: held for that, an attempt would be cut off and wait for its retry.
     */
    static void holdingAttemptsOnPurpose(Sandbox held) {
        SandboxInternals.server(held).webhooks().attemptTimeout(java.time.Duration.ofMinutes(5));
    }

    @Test
    @Tag("stress") // hundreds of requests from four threads: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void aBurstOpensTheWindowToSeveralAttemptsAtOnceAndDeliversEveryEventExactlyOnce() {
        holdingAttemptsOnPurpose(sandbox);
        Gate gate = new Gate();
        receiver.onReceipt(gate);
        subscribe(Map.of("url", receiver.url(), "events", List.of("transaction.created")));
        try {
            bookTransfers(1_000);
            gate.awaitWindowFull();
        } finally {
            gate.open();
        }
        assertDeliveredExactlyOnce(2_000);
        assertThat(gate.mostHeld.get()).as("attempts in flight at once").isEqualTo(DeliveryLane.WINDOW);
    }

    @Test
    @Tag("stress") // hundreds of requests from four threads: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void aSlowReceiverStillGetsEveryEventOfABurst() {
        receiver.onReceipt(request -> sleep(5));
        subscribe(Map.of("url", receiver.url(), "events", List.of("transaction.created")));
        bookTransfers(300);
        assertDeliveredExactlyOnce(600);
    }

    @Test
    void aResetInTheMiddleOfABurstSendsNothingOfTheOldStateAfterwards() {
        replacedInTheMiddleOfABurst(own -> own::reset);
    }

    @Test
    void anImportInTheMiddleOfABurstSendsNothingOfTheOldStateAfterwards() {
        replacedInTheMiddleOfABurst(own -> {
            JsonNode before = own.exportState();
            return () -> ok(new ApiClient(own.baseUrl(), null).put("/_sandbox/state", before), 200);
        });
    }

    /** {@code replacement} is prepared before the burst and run while the endpoint's window is full. */
    private void replacedInTheMiddleOfABurst(Function<Sandbox, Runnable> replacement) {
        Gate gate = new Gate();
        List<WebhookReceiver.Received> sentAfter = new CopyOnWriteArrayList<>();
        AtomicBoolean replaced = new AtomicBoolean();
        receiver.onReceipt(request -> {
            if (replaced.get()) {
                sentAfter.add(request);
            }
            gate.accept(request);
        });
        // an endpoint given at start survives reset and import: the new state's events still go to it
        try (Sandbox own = Sandbox.start(SandboxConfig.builder().webhook(receiver.url()).build())) {
            ApiClient ownApi = new ApiClient(own.baseUrl(), ALL);
            ApiClient ownControl = new ApiClient(own.baseUrl(), null);
            LiveFixtures ownFixtures = LiveFixtures.read(ownApi);
            holdingAttemptsOnPurpose(own);
            Runnable replace = replacement.apply(own);
            try {
                bookTransfers(ownApi, ownFixtures.riversideOperating(), ownFixtures.riversidePayroll(), 200);
                // the window is full and held: no attempt of the old state is on its way but these
                gate.awaitWindowFull();
                replace.run();
                replaced.set(true);
            } finally {
                gate.open();
            }
            postCredit(ownControl, ownFixtures.riversideOperating(), 4_242);
            receiver.await(1, r -> r.json().at("/transaction/amount").asLong() == 4_242, WITHIN);
            assertThat(sentAfter).extracting(r -> r.json().at("/transaction/amount").asLong()).containsExactly(4_242L);
            assertThat(log(ownControl)).singleElement()
                    .satisfies(d -> assertThat(d.at("/body/transaction/amount").asLong()).isEqualTo(4_242));
        }
    }
}
