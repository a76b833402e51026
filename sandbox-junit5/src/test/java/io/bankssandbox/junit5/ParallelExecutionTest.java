package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.bankssandbox.Sandbox;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * JUnit's parallel execution with every test and class concurrent: classes run side by side, each
 * on its own sandbox, while the tests of one class (which reset that class's sandbox) take turns.
 */
class ParallelExecutionTest {
    /** Each class's @BeforeAll waits here for the other two: it only passes if the classes run at once. */
    static final CyclicBarrier ALL_CLASSES_RUNNING = new CyclicBarrier(3);
    static final Map<Class<?>, AtomicInteger> IN_FLIGHT = new ConcurrentHashMap<>();
    static final AtomicInteger MOST_IN_ONE_CLASS = new AtomicInteger();
    static final Set<Sandbox> SANDBOXES = ConcurrentHashMap.newKeySet();

    abstract static class Scenario {
        @BeforeAll
        static void meetTheOtherClasses() throws Exception {
            ALL_CLASSES_RUNNING.await(30, TimeUnit.SECONDS);
        }

        void createOneCardAndSeeOnlyIt(Sandbox sandbox, TestInfo test) throws InterruptedException {
            SANDBOXES.add(sandbox);
            AtomicInteger inFlight = IN_FLIGHT.computeIfAbsent(getClass(), c -> new AtomicInteger());
            MOST_IN_ONE_CLASS.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                String key = "card-" + getClass().getSimpleName() + "-" + test.getDisplayName().replaceAll("\\W", "");
                assertThat(Http.createCard(sandbox, key).status()).isEqualTo(201);
                Thread.sleep(30); // widen the window in which a concurrent reset would wipe the journal
                assertThat(sandbox.journal().requests("POST", "/v0/cards")).singleElement()
                        .satisfies(entry -> assertThat(entry.idempotencyKey()).isEqualTo(key));
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Test
        void one(Sandbox sandbox, TestInfo test) throws InterruptedException {
            createOneCardAndSeeOnlyIt(sandbox, test);
        }

        @Test
        void two(Sandbox sandbox, TestInfo test) throws InterruptedException {
            createOneCardAndSeeOnlyIt(sandbox, test);
        }

        @Test
        void three(Sandbox sandbox, TestInfo test) throws InterruptedException {
            createOneCardAndSeeOnlyIt(sandbox, test);
        }
    }

    @BanksSandbox
    static class Alpha extends Scenario {}

    @BanksSandbox
    static class Beta extends Scenario {}

    @BanksSandbox
    static class Gamma extends Scenario {}

    @Test
    void concurrentClassesEachGetTheirOwnSandboxAndTestsOfAClassNeverOverlap() {
        Events events = EngineTestKit.engine("junit-jupiter")
                .configurationParameters(Map.of(
                        "junit.jupiter.execution.parallel.enabled", "true",
                        "junit.jupiter.execution.parallel.mode.default", "concurrent",
                        "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                        "junit.jupiter.execution.parallel.config.strategy", "fixed",
                        "junit.jupiter.execution.parallel.config.fixed.parallelism", "6"))
                .selectors(selectClass(Alpha.class), selectClass(Beta.class), selectClass(Gamma.class))
                .execute().testEvents();

        assertThat(events.failed().stream().map(e -> e.getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable).map(Throwable::toString).orElse("?")))
                .as("failures").isEmpty();
        events.assertStatistics(stats -> stats.started(9).succeeded(9));

        assertThat(SANDBOXES).hasSize(3);
        assertThat(MOST_IN_ONE_CLASS.get()).as("tests of one class at once").isEqualTo(1);
        assertThat(SANDBOXES).allSatisfy(s -> assertThat(CleanShutdownTest.listening(s)).isFalse());
        assertThat(List.copyOf(IN_FLIGHT.keySet())).hasSize(3);
    }
}
