package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/** When the context's sandbox goes back to the fixture state: per test, per class, or never. */
class ResetTest {
    static final Instant FIXTURE_START = Instant.parse("2026-03-02T15:00:00Z");
    /** The clock each scenario test saw when it started, in the order the tests ran. */
    static final List<Instant> CLOCKS = new CopyOnWriteArrayList<>();

    @BeforeEach
    void clear() {
        CLOCKS.clear();
    }

    @Configuration
    static class Application {}

    /** Each test notes the clock it found, then moves it an hour on. */
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    abstract static class AdvancesTheClock {
        @Autowired Sandbox sandbox;

        @Test
        @Order(1)
        void first() {
            noteAndAdvance(sandbox);
        }

        @Test
        @Order(2)
        void second() {
            noteAndAdvance(sandbox);
        }
    }

    static void noteAndAdvance(Sandbox sandbox) {
        CLOCKS.add(sandbox.clock().now());
        sandbox.clock().advance(Duration.ofHours(1));
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 301)
    static class PerTest extends AdvancesTheClock {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 301)
    static class PerTestAgain extends AdvancesTheClock {}

    @Test
    void perTestEveryTestStartsFromTheFixturesEvenInASharedContext() {
        Scenarios.run(PerTest.class, PerTestAgain.class).assertStatistics(s -> s.succeeded(4));

        assertThat(CLOCKS).containsExactly(FIXTURE_START, FIXTURE_START, FIXTURE_START, FIXTURE_START);
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 302, reset = EnableBanksSandbox.Reset.PER_CLASS)
    static class PerClass extends AdvancesTheClock {
        @Nested
        class Inner {
            @Test
            void nested() {
                noteAndAdvance(sandbox);
            }
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 302, reset = EnableBanksSandbox.Reset.PER_CLASS)
    static class PerClassAgain extends AdvancesTheClock {}

    @Test
    void perClassTheTestsOfAClassAndItsNestedClassesBuildOnEachOtherAndTheNextClassStartsAgain() {
        Scenarios.run(PerClass.class, PerClassAgain.class).assertStatistics(s -> s.succeeded(5));

        assertThat(CLOCKS).containsExactly(FIXTURE_START, FIXTURE_START.plusSeconds(3600),
                FIXTURE_START.plusSeconds(7200), FIXTURE_START, FIXTURE_START.plusSeconds(3600));
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 303, reset = EnableBanksSandbox.Reset.NEVER)
    static class Never extends AdvancesTheClock {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(seed = 303, reset = EnableBanksSandbox.Reset.NEVER)
    static class NeverAgain extends AdvancesTheClock {}

    @Test
    void neverTheStateLivesAsLongAsTheContextAcrossClasses() {
        Scenarios.run(Never.class, NeverAgain.class).assertStatistics(s -> s.succeeded(4));

        assertThat(CLOCKS).containsExactly(FIXTURE_START, FIXTURE_START.plusSeconds(3600),
                FIXTURE_START.plusSeconds(7200), FIXTURE_START.plusSeconds(10800));
    }
}
