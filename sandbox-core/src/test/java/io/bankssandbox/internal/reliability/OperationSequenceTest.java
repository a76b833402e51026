package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * Random sequences of valid operations (cards, external accounts, book and ACH transfers, inbound
 * ACH and its resolutions, card payments, lockbox mail, clock advances, replays of idempotent
 * POSTs) keep the invariants after every step: each account's transactions sum to its total
 * balance and available never exceeds total; a replayed key answers the same resource; and at the
 * end every list route walks completely, each item once, at any page size.
 */
class OperationSequenceTest {
    private static Sandbox sandbox;
    private static ApiClient api;
    private static ApiClient control;
    private static RouteCatalog catalog;
    private static ValidBodies bodies;
    private static final AtomicInteger SEQUENCES = new AtomicInteger();
    private static final AtomicInteger STEPS = new AtomicInteger();
    private static final AtomicInteger CHECKS = new AtomicInteger();

    @BeforeContainer
    static void start() {
        sandbox = Sandbox.start();
        api = new ApiClient(sandbox.baseUrl(), MalformedRequests.ALL);
        control = new ApiClient(sandbox.baseUrl(), null);
        catalog = RouteCatalog.served(sandbox.baseUrl());
        bodies = new ValidBodies(sandbox.exportState());
    }

    @AfterContainer
    static void stop() {
        System.out.printf("OperationSequenceTest: %d sequences, %d steps, %d invariant checks%n",
                SEQUENCES.get(), STEPS.get(), CHECKS.get());
        sandbox.close();
    }

    @BeforeTry
    void reset() {
        sandbox.reset();
    }

    /** One step: what to do, and numbers that pick its target and amount. */
    record Step(String kind, int pick, long amount) {
        @Override
        public String toString() {
            return kind + "(" + pick + ", " + amount + ")";
        }
    }

    private record Created(String path, Object body, String key, String id, Instant at) {}

    @Provide
    Arbitrary<List<Step>> sequences() {
        Arbitrary<String> kinds = Arbitraries.of("card", "external", "book", "ach", "inbound", "resolve", "advance",
                "cancel", "authorize", "mail", "replay", "ach_control");
        Arbitrary<Step> step = Combinators.combine(kinds, Arbitraries.integers().between(0, 1_000),
                Arbitraries.longs().between(1, 20_000_000)).as(Step::new);
        return step.list().ofMinSize(3).ofMaxSize(18);
    }

    @Property(shrinking = net.jqwik.api.ShrinkingMode.BOUNDED)
    @AddLifecycleHook(SequenceTries.class)
    void invariantsHoldAfterEveryStep(@ForAll("sequences") List<Step> steps) {
        SEQUENCES.incrementAndGet();
        World world = new World();
        for (Step step : steps) {
            world.apply(step);
            STEPS.incrementAndGet();
            Invariants.balancesAddUp(sandbox.exportState());
            CHECKS.incrementAndGet();
        }
        for (String path : listPaths()) {
            Invariants.paginationComplete(api, path, 7);
            CHECKS.incrementAndGet();
        }
    }

    /** Every paginated list of the document, filters filled with Riverside's ids. */
    private static List<String> listPaths() {
        List<String> paths = new ArrayList<>();
        for (RouteCatalog.Route route : catalog.routes()) {
            if (!route.method().equals("GET") || !route.paginated() || !route.template().startsWith("/v0")) {
                continue;
            }
            Map<String, String> values = new LinkedHashMap<>();
            route.pathParams().forEach(p -> values.put(p.name(), idFor(IdBook.kindForParameter(route, p.name()))));
            StringBuilder query = new StringBuilder();
            for (RouteCatalog.Param p : route.queryParams()) {
                if (p.required() && p.name().endsWith("_id")) {
                    query.append(query.length() == 0 ? "?" : "&").append(p.name()).append('=')
                            .append(idFor(p.name().substring(0, p.name().length() - 3)));
                }
            }
            paths.add(route.path(values) + query);
        }
        return paths;
    }

    private static String idFor(String kind) {
        return switch (kind == null ? "" : kind) {
            case "account" -> bodies.operating();
            case "entity" -> bodies.riverside();
            default -> "x";
        };
    }

    /** What one sequence created, to aim later steps at it. */
    private static final class World {
        final List<Created> created = new ArrayList<>();
        final List<String> cards = new ArrayList<>();
        final List<String> inbound = new ArrayList<>();
        final List<String> achTransfers = new ArrayList<>();

        void apply(Step step) {
            String operating = bodies.operating();
            String payroll = bodies.payroll();
            switch (step.kind()) {
                case "card" -> {
                    Map<String, Object> body = ValidBodies.card(step.pick() % 2 == 0 ? operating : payroll);
                    ApiClient.Response r = post("/v0/cards", body, Set.of(201));
                    cards.add(r.json().get("id").asText());
                }
                case "external" -> {
                    String number = String.valueOf(1_000 + step.amount() % 10_000_000);
                    post("/v0/external-accounts", ValidBodies.externalAccount(bodies.riverside(), number), Set.of(201, 409));
                }
                case "book" -> post("/v0/book-transfer", Map.of("source_account_id", step.pick() % 2 == 0 ? operating : payroll,
                        "destination_account_id", step.pick() % 2 == 0 ? payroll : operating,
                        "amount", step.amount()), Set.of(201, 400));
                case "ach" -> {
                    ApiClient.Response r = post("/v0/ach-transfer", Map.of("source_account_id", operating,
                            "destination_account_id", bodies.medline(), "amount", step.amount()), Set.of(201, 400));
                    if (r.status() == 201) {
                        achTransfers.add(r.json().at("/source/ach_transfer_intention/ach_transfer_id").asText());
                    }
                }
                case "inbound" -> {
                    long amount = step.pick() % 3 == 0 ? -step.amount() : step.amount();
                    ApiClient.Response r = expect(control.post("/_sandbox/inbound-ach-transfers",
                            Map.of("account_id", step.pick() % 2 == 0 ? operating : payroll, "amount", amount), null), Set.of(201));
                    inbound.add(r.json().get("id").asText());
                }
                case "resolve" -> {
                    if (!inbound.isEmpty()) {
                        String id = inbound.get(step.pick() % inbound.size());
                        String action = List.of("accept", "decline", "return").get(step.pick() % 3);
                        Object body = action.equals("return") ? Map.of("reason", "duplicate_entry") : Map.of();
                        expect(control.post("/_sandbox/inbound-ach-transfers/" + id + "/" + action, body, null), Set.of(200, 409));
                    }
                }
                case "advance" -> expect(control.post("/_sandbox/clock/advance",
                        Map.of("by", Duration.ofMinutes(1 + step.amount() % 3_000).toString()), null), Set.of(200));
                case "cancel" -> {
                    if (!cards.isEmpty()) {
                        expect(api.delete("/v0/cards/" + cards.get(step.pick() % cards.size())), Set.of(200));
                    }
                }
                case "authorize" -> {
                    if (!cards.isEmpty()) {
                        expect(control.post("/_sandbox/cards/" + cards.get(step.pick() % cards.size()) + "/authorizations",
                                Map.of("amount", 1 + step.amount() % 30_000, "merchant_category_code",
                                        step.pick() % 4 == 0 ? "7995" : "5912"), null), Set.of(200));
                    }
                }
                case "mail" -> expect(control.post("/_sandbox/providers/" + bodies.riverside() + "/mail",
                        Map.of("checks", List.of(Map.of("amount", 1 + step.amount() % 500_000),
                                Map.of("amount", 1 + step.pick(), "status", step.pick() % 2 == 0 ? "rejected" : "submitted"))),
                        null), Set.of(201));
                case "replay" -> replay(step);
                case "ach_control" -> {
                    if (!achTransfers.isEmpty()) {
                        String id = achTransfers.get(step.pick() % achTransfers.size());
                        String action = List.of("approve", "reject", "cancel", "return").get(step.pick() % 4);
                        Object body = action.equals("return") ? Map.of("reason", "no_account") : Map.of();
                        expect(control.post("/_sandbox/ach-transfers/" + id + "/" + action, body, null), Set.of(200, 409));
                    }
                }
                default -> throw new IllegalStateException(step.kind());
            }
        }

        private ApiClient.Response post(String path, Object body, Set<Integer> allowed) {
            String key = "seq-" + UUID.randomUUID();
            ApiClient.Response r = expect(api.post(path, body, key), allowed);
            if (r.status() == 201) {
                created.add(new Created(path, body, key, r.json().get("id").asText(), sandbox.clock().now()));
            }
            return r;
        }

        private void replay(Step step) {
            Instant now = sandbox.clock().now();
            List<Created> live = created.stream()
                    .filter(c -> c.at().plus(io.bankssandbox.internal.http.IdempotencyStore.RETENTION).isAfter(now)).toList();
            if (live.isEmpty()) {
                return;
            }
            Created original = live.get(step.pick() % live.size());
            ApiClient.Response again = expect(api.post(original.path(), original.body(), original.key()), Set.of(201));
            assertThat(again.json().get("id").asText()).as("replay of %s", original.key()).isEqualTo(original.id());
            assertThat(again.header("Idempotency-Replayed")).hasValue("true");
        }

        private static ApiClient.Response expect(ApiClient.Response response, Set<Integer> allowed) {
            assertThat(allowed).as("%s", response).contains(response.status());
            return response;
        }
    }
}
