package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.clock.ClockMode;
import io.bankssandbox.internal.http.ApiException;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.testing.Await;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The registry of sandboxes on demand on its own, no HTTP and no sandbox started: the launcher hands
 * back stand-ins whose idle time the test sets, so what the idle checks close, and what a new sandbox
 * is given of the host's options, are seen without a wall-clock window.
 */
class OnDemandRegistryTest {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final SandboxRuntime RUNTIME = SandboxInternals.bareRuntime(SandboxConfig.defaults());
    private static final ApiKey EXTRA = new ApiKey("lm_key_given_in_code", "given in code", List.of(ApiKey.ALL));

    /** A sandbox as the registry sees it: idle for as long as the test says, closed when it is told. */
    private static final class StandIn implements OnDemandSandboxes.Served {
        final RuntimeConfig config;
        final AtomicReference<Duration> idle = new AtomicReference<>(Duration.ZERO);
        final AtomicBoolean closed = new AtomicBoolean();

        StandIn(RuntimeConfig config) {
            this.config = config;
        }

        @Override
        public SandboxRuntime runtime() {
            return RUNTIME;
        }

        @Override
        public Duration idleFor() {
            return idle.get();
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private final List<StandIn> launched = new ArrayList<>();
    /** Set by a test: the next launch signals it began, then waits for the test to let it finish. */
    private volatile CountDownLatch holdNextLaunch;
    private final CountDownLatch launchBegan = new CountDownLatch(1);
    private final OnDemandSandboxes sandboxes = new OnDemandSandboxes(hostConfig(), new StandIn(null), (config, path) -> {
        CountDownLatch hold = holdNextLaunch;
        if (hold != null) {
            holdNextLaunch = null;
            launchBegan.countDown();
            try {
                assertThat(hold.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).as("the test let the launch finish").isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        StandIn standIn = new StandIn(config);
        synchronized (launched) {
            launched.add(standIn);
        }
        return standIn;
    });

    private static RuntimeConfig hostConfig() {
        return new RuntimeConfig("127.0.0.1", 0, "default", ClockMode.FROZEN, Instant.parse("2026-03-02T15:00:00Z"), 7,
                null, List.of(), 0, Duration.ofMinutes(1), null, 1_000_000,
                Map.of("cards.json", JsonNodeFactory.instance.arrayNode()), List.of(EXTRA), List.of(), false,
                new RuntimeConfig.OnDemandLimits(4, Duration.ofMinutes(30)));
    }

    @AfterEach
    void close() {
        sandboxes.close();
    }

    private StandIn start(String fixtures, String idleTimeout) {
        sandboxes.create(new NewSandbox(fixtures, null, null, null, null, idleTimeout), "http://127.0.0.1:1");
        synchronized (launched) {
            return launched.get(launched.size() - 1);
        }
    }

    private static void awaitClosed(StandIn standIn) {
        Await.until("the idle sandbox closed", WITHIN, standIn.closed::get, closed -> closed);
    }

    @Test
    void aSandboxStillStartingCountsAgainstTheLimit() throws Exception {
        for (int i = 0; i < 3; i++) {
            start(null, null);
        }
        CountDownLatch release = new CountDownLatch(1);
        holdNextLaunch = release;
        CompletableFuture<SandboxView> fourth = CompletableFuture.supplyAsync(
                () -> sandboxes.create(new NewSandbox(null, null, null, null, null, null), "http://127.0.0.1:1"));
        assertThat(launchBegan.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).as("the fourth began starting").isTrue();

        assertThatThrownBy(() -> start(null, null)).as("three open and one starting make the limit of four")
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(429));
        release.countDown();
        assertThat(fourth.get(WITHIN.toSeconds(), TimeUnit.SECONDS)).isNotNull();
        assertThat(launched).hasSize(4);
    }

    @Test
    void theHostsDocumentsAndKeysGoWithItsFixtureSetOnly() {
        for (String sameSet : new String[] {null, "default"}) {
            RuntimeConfig config = start(sameSet, null).config;
            assertThat(config.extraApiKeys()).as(sameSet).containsExactly(EXTRA);
            assertThat(config.fixtureDocuments()).as(sameSet).containsOnlyKeys("cards.json");
            assertThat(config.stateFile()).isNull();
        }
        RuntimeConfig other = start("empty", null).config;
        assertThat(other.fixtures()).isEqualTo("empty");
        assertThat(other.extraApiKeys()).isEmpty();
        assertThat(other.fixtureDocuments()).isEmpty();
    }

    @Test
    void aSandboxStartedAfterTheLastOneIdledOutIsWatchedToo() {
        StandIn first = start(null, "PT1S");
        first.idle.set(Duration.ofSeconds(1));
        awaitClosed(first);
        Await.until("the closed one off the list", WITHIN, () -> sandboxes.list(null), list -> list.size() == 1);

        StandIn second = start(null, "PT1S");
        second.idle.set(Duration.ofSeconds(2));
        awaitClosed(second);
    }

    @Test
    void closingOneKeepsWatchingTheOthers() {
        StandIn closedByHand = start(null, "PT1S");
        StandIn left = start(null, "PT1S");
        sandboxes.close(sandboxes.list(null).get(1).id());
        assertThat(closedByHand.closed).isTrue();

        left.idle.set(Duration.ofSeconds(1));
        awaitClosed(left);
    }

    @Test
    void theIdleChecksNeverKeepTheProcessAlive() {
        start(null, null);
        List<Thread> checks = Await.until("the idle checks' thread", WITHIN, () -> Thread.getAllStackTraces().keySet()
                .stream().filter(t -> t.getName().equals("banks-sandbox-idle-checks")).toList(), t -> !t.isEmpty());
        assertThat(checks).allSatisfy(thread -> assertThat(thread.isDaemon()).as(thread.toString()).isTrue());
    }
}
