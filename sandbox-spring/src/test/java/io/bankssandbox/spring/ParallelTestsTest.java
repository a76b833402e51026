package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.spring.SpringSandboxLocks;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLocksProvider.Lock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Under JUnit's parallel execution ({@code mode.default=concurrent}), the tests of one context, whose
 * sandbox each resets before it runs, run one at a time: no test's reset wipes what another is
 * working on. Without the lock, these scenarios failed with another test's data or none at all.
 */
class ParallelTestsTest {
    /** Tests of a context running at this moment, and the most there ever were, by context (its seed). */
    static final Map<Long, AtomicInteger> RUNNING = new ConcurrentHashMap<>();
    static final Map<Long, AtomicInteger> MOST = new ConcurrentHashMap<>();
    static final AtomicLong AMOUNTS = new AtomicLong(1_00);

    @BeforeEach
    void clear() {
        RUNNING.clear();
        MOST.clear();
    }

    @Configuration
    static class Application {}

    /** Each test makes a transfer of its own amount and reads it back, from the state its reset left. */
    abstract static class Working {
        @Autowired Sandbox sandbox;

        abstract long seed();

        void work() {
            AtomicInteger running = RUNNING.computeIfAbsent(seed(), s -> new AtomicInteger());
            MOST.computeIfAbsent(seed(), s -> new AtomicInteger()).accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                long amount = AMOUNTS.incrementAndGet();
                String account = sandbox.accounts().named("Riverside Operating").id();
                InboundAchTransfer mine = sandbox.inboundAch().simulate(account, amount);
                sandbox.clock().advance(java.time.Duration.ofMinutes(1));
                // a reset in between would have made it 404, or another test's transfer under the same id
                assertThat(sandbox.inboundAch().get(mine.id()).amount()).isEqualTo(amount);
            } finally {
                running.decrementAndGet();
            }
        }

        @RepeatedTest(5)
        void first() {
            work();
        }

        @RepeatedTest(5)
        void second() {
            work();
        }

        @RepeatedTest(5)
        void third() {
            work();
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 701)
    static class OneContext extends Working {
        long seed() {
            return 701;
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 701)
    static class TheSameContext extends Working {
        long seed() {
            return 701;
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 702)
    static class AnotherContext extends Working {
        long seed() {
            return 702;
        }
    }

    @Test
    void testsOfOneContextRunOneAtATimeAndNoResetWipesAnothersWork() {
        Scenarios.runConcurrently(OneContext.class, TheSameContext.class, AnotherContext.class)
                .assertStatistics(s -> s.succeeded(45).failed(0));

        assertThat(MOST.get(701L).get()).as("tests of the seed-701 context running at once").isEqualTo(1);
        assertThat(MOST.get(702L).get()).as("tests of the seed-702 context running at once").isEqualTo(1);
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 703)
    static class Outer {
        @Nested
        class Inner {}
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 703, reset = EnableBanksSandbox.Reset.NEVER)
    static class NeverReset {}

    static class WithoutASandbox {}

    @Test
    void theLockIsTheContextsOwn() {
        SpringSandboxLocks locks = new SpringSandboxLocks();

        assertThat(locks.provideForClass(OneContext.class)).singleElement()
                .isEqualTo(locks.provideForClass(TheSameContext.class).iterator().next())
                .isNotEqualTo(locks.provideForClass(AnotherContext.class).iterator().next())
                .satisfies(lock -> assertThat(lock.getAccessMode())
                        .isEqualTo(org.junit.jupiter.api.parallel.ResourceAccessMode.READ_WRITE));
        Lock outer = locks.provideForClass(Outer.class).iterator().next();
        assertThat(locks.provideForNestedClass(java.util.List.of(Outer.class), Outer.Inner.class)).containsExactly(outer);
        assertThat(locks.provideForClass(NeverReset.class)).as("nothing resets the sandbox: no lock").isEmpty();
        assertThat(locks.provideForClass(WithoutASandbox.class)).isEmpty();
    }
}
