package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random sequences of arrivals, accepts, declines, returns and clock advances, checked step by step
 * against a model of the rules: every transfer's status, the events each advance reports, and each
 * account's balances, which must always be the fixture balance plus what the transfers accepted since
 * (and not returned) moved.
 */
class InboundAchPropertyTest extends SandboxTestBase {
    private AchWorld world;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    /** The model's view of one transfer. */
    private static final class Modeled {
        final String id;
        final String accountId;
        final long amount;
        final Instant resolvesAt;
        final String resolvesTo;
        final String initialStatus;
        String status;

        Modeled(String id, String accountId, long amount, Instant resolvesAt, String resolvesTo, String status) {
            this.id = id;
            this.accountId = accountId;
            this.amount = amount;
            this.resolvesAt = resolvesAt;
            this.resolvesTo = resolvesTo;
            this.initialStatus = status;
            this.status = status;
        }
    }

    private final Map<String, Modeled> transfers = new TreeMap<>(); // ids sort in creation order
    private final Map<String, AchWorld.Balance> balances = new HashMap<>();
    private Map<String, AchWorld.Balance> fixtureBalances;
    private Instant now;

    @ParameterizedTest
    @ValueSource(longs = {7, 42, 2026})
    void balancesAlwaysEqualFixtureBalancePlusWhatAcceptedTransfersMoved(long seed) {
        sandbox.reset();
        transfers.clear();
        Random random = new Random(seed);
        // Past the fixture's last check hold, so that only ACH transitions move balances from here on.
        sandbox.clock().advanceTo(Instant.parse("2026-03-03T10:00:00Z"));
        fixtureBalances = world.balances();
        balances.putAll(fixtureBalances);
        now = sandbox.clock().now();
        for (JsonNode t : sandbox.exportState().get("inbound_ach_transfers")) {
            transfers.put(t.get("id").asText(), new Modeled(t.get("id").asText(), t.get("account_id").asText(),
                    t.get("amount").asLong(), Instant.parse(t.get("automatically_resolves_at").asText()),
                    t.has("resolves_to") ? t.get("resolves_to").asText() : null, t.get("status").asText()));
        }
        List<String> accounts = List.of(world.accountId(AchWorld.RIVERSIDE_OPERATING),
                world.accountId(AchWorld.RIVERSIDE_PAYROLL), world.accountId(AchWorld.LAKESIDE_OPERATING),
                world.accountId(AchWorld.HARBOR_OPERATING));

        for (int step = 0; step < 120; step++) {
            int dice = random.nextInt(100);
            String what;
            if (dice < 30) {
                what = simulate(random, accounts);
            } else if (dice < 45) {
                what = move(random, "accept", "pending");
            } else if (dice < 55) {
                what = move(random, "decline", "pending");
            } else if (dice < 65) {
                what = move(random, "return", "accepted");
            } else {
                what = advance(random);
            }
            String context = "seed " + seed + " step " + step + ": " + what;
            for (String account : accounts) {
                assertThat(world.balance(account)).as(context + " balance of " + account).isEqualTo(balances.get(account));
            }
            if (step % 10 == 9) {
                checkStatuses(context);
            }
        }
        checkStatuses("seed " + seed + " end");
        checkBalancesAgainstServedStatuses(accounts);
    }

    private String simulate(Random random, List<String> accounts) {
        String account = accounts.get(random.nextInt(accounts.size()));
        long amount = (random.nextInt(3_000_000) + 1) * (random.nextBoolean() ? 1L : -1L);
        int roll = random.nextInt(100);
        String resolvesTo = roll < 70 ? null : roll < 85 ? "accepted" : "declined";
        long minutes = random.nextInt(10) == 0 ? 0 : random.nextInt(180);
        Instant resolvesAt = now.plus(Duration.ofMinutes(minutes));
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", account);
        body.put("amount", amount);
        body.put("automatically_resolves_at", resolvesAt.toString());
        if (resolvesTo != null) {
            body.put("resolves_to", resolvesTo);
        }
        JsonNode created = world.simulate(body);
        Modeled modeled = new Modeled(created.get("id").asText(), account, amount, resolvesAt, resolvesTo, "pending");
        transfers.put(modeled.id, modeled);
        if (!resolvesAt.isAfter(now)) {
            resolveDue(now);
        }
        assertThat(created.get("status").asText()).isEqualTo(modeled.status);
        return "simulate " + amount + " on " + account + " resolving " + resolvesAt + " to " + resolvesTo;
    }

    private String move(Random random, String verb, String requiredStatus) {
        boolean wrongState = random.nextInt(5) == 0;
        List<Modeled> candidates = transfers.values().stream()
                .filter(t -> t.status.equals(requiredStatus) != wrongState).toList();
        if (candidates.isEmpty()) {
            return verb + ": nothing to move";
        }
        Modeled target = candidates.get(random.nextInt(candidates.size()));
        Map<String, Object> body = verb.equals("return") ? Map.of("reason", "duplicate_entry") : Map.of();
        ApiClient.Response response = world.move(target.id, verb, body);
        if (wrongState) {
            assertThat(response.status()).as(response.toString()).isEqualTo(409);
            return verb + " " + target.id + " (" + target.status + "): 409";
        }
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        switch (verb) {
            case "accept" -> accept(target);
            case "decline" -> target.status = "declined";
            default -> {
                target.status = "returned";
                balances.put(target.accountId, balances.get(target.accountId).plus(-target.amount));
            }
        }
        assertThat(response.json().get("status").asText()).isEqualTo(target.status);
        return verb + " " + target.id;
    }

    private String advance(Random random) {
        Duration by = Duration.ofMinutes(random.nextInt(150));
        Instant target = now.plus(by);
        List<String> expected = resolveDue(target);
        now = target;
        List<String> served = world.advance(by.toString()).stream()
                .map(e -> e.get("type").asText() + " " + e.get("id").asText()).toList();
        assertThat(served).as("events of advancing " + by).containsExactlyElementsOf(expected);
        return "advance " + by;
    }

    /** The model's automatic resolution: due transfers in time order, then creation order. */
    private List<String> resolveDue(Instant upTo) {
        List<Modeled> due = transfers.values().stream()
                .filter(t -> t.status.equals("pending") && !t.resolvesAt.isAfter(upTo))
                .sorted(Comparator.comparing((Modeled t) -> t.resolvesAt).thenComparing(t -> t.id)).toList();
        List<String> events = new ArrayList<>();
        for (Modeled t : due) {
            boolean covered = t.amount > 0 || balances.get(t.accountId).available() >= -t.amount;
            if (!"declined".equals(t.resolvesTo) && ("accepted".equals(t.resolvesTo) || covered)) {
                accept(t);
                events.add("inbound_ach_transfer.accepted " + t.id);
            } else {
                t.status = "declined";
                events.add("inbound_ach_transfer.declined " + t.id);
            }
        }
        return events;
    }

    private void accept(Modeled t) {
        t.status = "accepted";
        balances.put(t.accountId, balances.get(t.accountId).plus(t.amount));
    }

    private void checkStatuses(String context) {
        Map<String, String> served = new HashMap<>();
        for (JsonNode t : AchWorld.walk(world.api, "", 100)) {
            served.put(t.get("id").asText(), t.get("status").asText());
        }
        assertThat(served.keySet()).as(context).isEqualTo(transfers.keySet());
        for (Modeled t : transfers.values()) {
            assertThat(served.get(t.id)).as(context + " status of " + t.id).isEqualTo(t.status);
        }
    }

    /** The invariant itself, from what the API serves alone. */
    private void checkBalancesAgainstServedStatuses(List<String> accounts) {
        Map<String, Long> moved = new HashMap<>();
        for (JsonNode t : AchWorld.walk(world.api, "", 100)) {
            Modeled modeled = transfers.get(t.get("id").asText());
            long now = t.get("status").asText().equals("accepted") ? t.get("amount").asLong() : 0;
            long before = modeled.initialStatus.equals("accepted") ? modeled.amount : 0;
            moved.merge(t.get("account_id").asText(), now - before, Long::sum);
        }
        for (String account : accounts) {
            assertThat(world.balance(account))
                    .isEqualTo(fixtureBalances.get(account).plus(moved.getOrDefault(account, 0L)));
        }
    }
}
