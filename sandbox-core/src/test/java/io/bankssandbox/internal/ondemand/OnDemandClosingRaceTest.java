package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.http.ApiException;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.server.SandboxServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The host closing while a sandbox on demand is being started: the one under way is closed as soon as
 * it is up and its caller told so (503), never left running without a host; and none starts after.
 * White-box: the launcher is held at a latch so that the close lands exactly in between.
 */
class OnDemandClosingRaceTest {

    @Test
    void aSandboxStartingWhileTheHostClosesIsClosedAndRefusedWith503() throws Exception {
        SandboxServer host = SandboxInternals.serve(SandboxConfig.defaults(), RuntimeConfig.OnDemandLimits.DEFAULTS);
        try {
            CountDownLatch launching = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean closed = new AtomicBoolean();
            OnDemandSandboxes sandboxes = new OnDemandSandboxes(host.runtime().config(), served(host, new AtomicBoolean()),
                    (config, path) -> {
                        launching.countDown();
                        await(release);
                        return served(host, closed);
                    });
            CompletableFuture<SandboxView> creating = CompletableFuture.supplyAsync(
                    () -> sandboxes.create(new NewSandbox(null, null, null, null, null, null), null));
            assertThat(launching.await(30, TimeUnit.SECONDS)).isTrue();
            sandboxes.close();
            release.countDown();
            assertThatThrownBy(() -> creating.get(30, TimeUnit.SECONDS)).cause().isInstanceOfSatisfying(ApiException.class,
                    e -> {
                        assertThat(e.status()).isEqualTo(503);
                        assertThat(e.messages()).containsExactly("The server is stopping: no sandbox can be started");
                    });
            assertThat(closed).as("the sandbox that came up after the close").isTrue();
            assertThat(sandboxes.list(null)).hasSize(1); // the host alone
            assertThatThrownBy(() -> sandboxes.create(new NewSandbox(null, null, null, null, null, null), null))
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(503));
        } finally {
            host.stop();
        }
    }

    /** A sandbox as the registry sees it, standing for one: {@code closed} says whether it was closed. */
    private static OnDemandSandboxes.Served served(SandboxServer server, AtomicBoolean closed) {
        return new OnDemandSandboxes.Served() {
            @Override
            public SandboxRuntime runtime() {
                return server.runtime();
            }

            @Override
            public Duration idleFor() {
                return Duration.ZERO;
            }

            @Override
            public void close() {
                closed.set(true);
            }
        };
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
