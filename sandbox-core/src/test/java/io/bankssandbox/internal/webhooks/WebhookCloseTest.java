package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Closing a sandbox while its webhooks are busy ends their threads: the worker and every thread
 * of the sender, including those blocked in an attempt the receiver has not answered.
 */
@Isolated("counts the threads every sandbox's webhooks start: no other sandbox may start any meanwhile")
class WebhookCloseTest {

    private static List<String> startedSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && !before.contains(thread)
                        && thread.getName().startsWith("banks-sandbox-webhooks"))
                .map(Thread::getName).toList();
    }

    @Test
    void closingASandboxInTheMiddleOfABurstLeavesNoDeliveryThreadRunning() {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            WebhookBurstTest.Gate gate = new WebhookBurstTest.Gate();
            receiver.onReceipt(gate);
            Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
            Sandbox sandbox = Sandbox.start(SandboxConfig.builder().webhook(receiver.url()).build());
            try {
                WebhookBurstTest.holdingAttemptsOnPurpose(sandbox);
                ApiClient api = new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL);
                LiveFixtures fixtures = LiveFixtures.read(api);
                WebhookBurstTest.bookTransfers(api, fixtures.riversideOperating(), fixtures.riversidePayroll(), 200);
                gate.awaitWindowFull(); // a full window of attempts held open, hundreds more waiting
                assertThat(startedSince(before)).as("the worker and the sender's threads").isNotEmpty();

                sandbox.close();
                // close waits for them; a thread may still be in its last instructions as close returns
                long deadline = System.nanoTime() + WebhookTestBase.WITHIN.toNanos();
                while (!startedSince(before).isEmpty() && System.nanoTime() < deadline) {
                    WebhookTestBase.sleep(10);
                }
                assertThat(startedSince(before)).isEmpty();
            } finally {
                gate.open();
                sandbox.close();
            }
        }
    }
}
