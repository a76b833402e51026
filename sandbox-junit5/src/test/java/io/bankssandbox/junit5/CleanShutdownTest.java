package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.bankssandbox.Sandbox;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/** After a run, every sandbox it started is closed: its port refuses connections and none of its threads is left. */
class CleanShutdownTest {
    static final List<Sandbox> STARTED = new CopyOnWriteArrayList<>();

    @BanksSandbox
    static class PerClass {
        @Test
        void test(Sandbox sandbox) {
            STARTED.add(sandbox);
            assertThat(Http.get(sandbox, "/v0/entities").status()).isEqualTo(200);
        }

        @Nested
        class Inner {
            @Test
            void test(Sandbox sandbox) {
                STARTED.add(sandbox);
            }
        }
    }

    @BanksSandbox(shared = true)
    static class Shared {
        @Test
        void fails(Sandbox sandbox) {
            STARTED.add(sandbox);
            throw new IllegalStateException("a failing test must not keep its sandbox alive");
        }
    }

    @BanksSandbox(reset = BanksSandbox.Reset.PER_CLASS)
    static class PerClassReset {
        @Test
        void test(Sandbox sandbox) {
            STARTED.add(sandbox);
        }
    }

    @Test
    void noPortAndNoNonDaemonThreadOutliveTheRun() throws InterruptedException {
        Set<Thread> before = nonDaemonThreads();

        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(PerClass.class), selectClass(Shared.class), selectClass(PerClassReset.class))
                .execute().testEvents().assertStatistics(stats -> stats.started(4).succeeded(3).failed(1));

        assertThat(STARTED).hasSize(4);
        for (Sandbox sandbox : STARTED) {
            assertThat(listening(sandbox)).as(sandbox.baseUrl() + " still listening").isFalse();
        }
        // A non-daemon thread matters if it keeps the JVM from exiting: one still finishing its last
        // task (a library's short-lived worker) is given time to end; one that never ends fails here.
        Set<Thread> left = nonDaemonThreads();
        left.removeAll(before);
        for (Thread thread : left) {
            thread.join(30_000);
        }
        left.removeIf(thread -> !thread.isAlive());
        assertThat(left).as("threads left: %s", left.stream().map(CleanShutdownTest::describe).collect(Collectors.toList()))
                .isEmpty();
    }

    /** A thread's name and where it runs, so a failure says who started it. */
    static String describe(Thread thread) {
        StringBuilder text = new StringBuilder(thread.getName());
        for (StackTraceElement frame : thread.getStackTrace()) {
            text.append("\n    at ").append(frame);
        }
        return text.toString();
    }

    static Set<Thread> nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && !t.isDaemon())
                .collect(Collectors.toSet());
    }

    static boolean listening(Sandbox sandbox) {
        URI uri = URI.create(sandbox.baseUrl());
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
