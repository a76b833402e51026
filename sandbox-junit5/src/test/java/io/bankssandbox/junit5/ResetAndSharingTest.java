package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.InboundAchTransfer;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** Per-test and per-class reset, failures, sharing across classes, {@code @Nested} and meta-annotations. */
class ResetAndSharingTest {
    static final List<Object> SEEN = new CopyOnWriteArrayList<>();
    static final Map<String, Object> NAMED = new ConcurrentHashMap<>();

    @BeforeEach
    void clear() {
        SEEN.clear();
        NAMED.clear();
    }

    static Events run(Class<?>... scenarios) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(java.util.Arrays.stream(scenarios).map(c -> selectClass(c))
                        .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
                .execute().testEvents();
    }

    /** Changes everything a test can change, then fails: the next test must not see any of it. */
    @BanksSandbox
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class FailsAfterChangingEverything {
        @Test
        @Order(1)
        void changesThenFails(Sandbox sandbox) {
            NAMED.put("fixture state", sandbox.exportState());
            String account = sandbox.accounts().all().get(0).id();
            InboundAchTransfer transfer = sandbox.inboundAch().simulate(account, 50_000);
            sandbox.inboundAch().accept(transfer.id());
            assertThat(Http.createCard(sandbox, "card-before-failure").status()).isEqualTo(201);
            sandbox.faults().inject("GET", "/v0/accounts", 503);
            sandbox.clock().advance(Duration.ofDays(2));
            fail("this test fails after changing data, clock, idempotency keys, journal and faults");
        }

        @Test
        @Order(2)
        void startsFromTheFixtures(Sandbox sandbox) {
            NAMED.put("next state", sandbox.exportState());
            NAMED.put("next faults", sandbox.faults().list());
            NAMED.put("next accounts status", Http.get(sandbox, "/v0/accounts").status());
            NAMED.put("next journal", sandbox.journal().requests().size());
        }
    }

    @Test
    void aFailingTestLeavesNothingForTheNext() {
        run(FailsAfterChangingEverything.class).assertStatistics(stats -> stats.succeeded(1).failed(1));
        assertThat((JsonNode) NAMED.get("next state")).isEqualTo(NAMED.get("fixture state"));
        assertThat((List<?>) NAMED.get("next faults")).isEmpty();
        assertThat(NAMED.get("next accounts status")).isEqualTo(200);
        assertThat(NAMED.get("next journal")).as("only the GET this test made").isEqualTo(1);
    }

    @BanksSandbox(reset = BanksSandbox.Reset.PER_CLASS)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class BuildsOnItsOwnChanges {
        @Test
        @Order(1)
        void advances(Sandbox sandbox) {
            SEEN.add(sandbox);
            NAMED.put("start", sandbox.clock().now());
            sandbox.clock().advance(Duration.ofDays(1));
        }

        @Test
        @Order(2)
        void seesTheAdvance(Sandbox sandbox) {
            SEEN.add(sandbox);
            NAMED.put("later", sandbox.clock().now());
        }
    }

    @BanksSandbox(reset = BanksSandbox.Reset.PER_CLASS)
    static class AnotherPerClass {
        @Test
        void looks(Sandbox sandbox) {
            SEEN.add(sandbox);
            NAMED.put("other class", sandbox.clock().now());
        }
    }

    @Test
    void perClassResetKeepsChangesBetweenTestsOfTheClassOnly() {
        run(BuildsOnItsOwnChanges.class, AnotherPerClass.class).assertStatistics(stats -> stats.succeeded(3));
        Instant start = (Instant) NAMED.get("start");
        assertThat(NAMED.get("later")).isEqualTo(start.plus(Duration.ofDays(1)));
        assertThat(NAMED.get("other class")).isEqualTo(start);
        assertThat(SEEN.get(0)).isSameAs(SEEN.get(1)).isNotSameAs(SEEN.get(2));
    }

    @BanksSandbox(shared = true)
    static class SharedOne {
        @Test
        void changes(Sandbox sandbox) {
            SEEN.add(sandbox);
            sandbox.clock().advance(Duration.ofHours(5));
            NAMED.put("shared start", sandbox.clock().now().minus(Duration.ofHours(5)));
        }
    }

    @BanksSandbox(shared = true)
    static class SharedTwo {
        @Test
        void looks(Sandbox sandbox) {
            SEEN.add(sandbox);
            NAMED.put("shared two sees", sandbox.clock().now());
        }
    }

    @BanksSandbox(shared = true, reset = BanksSandbox.Reset.PER_CLASS)
    static class SharedPerClass {
        @BeforeAll
        static void before(Sandbox sandbox) {
            NAMED.put("shared per class starts at", sandbox.clock().now());
        }

        @Test
        void looks(Sandbox sandbox) {
            SEEN.add(sandbox);
            sandbox.clock().advance(Duration.ofHours(1));
        }
    }

    @Test
    void sharedClassesUseOneSandboxForTheRunAndStillStartEachTestClean() {
        run(SharedOne.class, SharedTwo.class, SharedPerClass.class, AnotherPerClass.class)
                .assertStatistics(stats -> stats.succeeded(4));
        Sandbox shared = (Sandbox) SEEN.get(0);
        assertThat(SEEN.subList(0, 3)).allSatisfy(s -> assertThat(s).isSameAs(shared));
        assertThat(SEEN.get(3)).as("a class that does not share").isNotSameAs(shared);
        assertThat(NAMED.get("shared two sees")).isEqualTo(NAMED.get("shared start"));
        assertThat(NAMED.get("shared per class starts at")).isEqualTo(NAMED.get("shared start"));
        assertThat(CleanShutdownTest.listening(shared)).as("closed when the run ended").isFalse();
    }

    @BanksSandbox
    static class Outer {
        @Test
        void outer(Sandbox sandbox) {
            SEEN.add(sandbox);
            sandbox.clock().advance(Duration.ofHours(3));
        }

        @Nested
        class Inner {
            @BeforeEach
            void before(Sandbox sandbox) {
                NAMED.put("inner start", sandbox.clock().now());
            }

            @Test
            void inner(Sandbox sandbox) {
                SEEN.add(sandbox);
                sandbox.clock().advance(Duration.ofHours(3));
            }

            @Nested
            class Deeper {
                @Test
                void deeper(Sandbox sandbox) {
                    SEEN.add(sandbox);
                    NAMED.put("deeper start", sandbox.clock().now());
                }
            }
        }

        @Nested
        @BanksSandbox(start = "2031-01-01T00:00:00Z")
        class OwnSandbox {
            @Test
            void own(Sandbox sandbox) {
                SEEN.add(sandbox);
                NAMED.put("own start", sandbox.clock().now());
            }
        }
    }

    @Test
    void nestedClassesShareTheEnclosingSandboxUnlessTheyDeclareTheirOwn() {
        run(Outer.class).assertStatistics(stats -> stats.succeeded(4));
        // a class's own tests run before its nested classes: the first seen is the outer sandbox
        assertThat(SEEN).hasSize(4);
        Object outer = SEEN.get(0);
        assertThat(SEEN.stream().filter(s -> s == outer).count()).as("outer, inner, deeper").isEqualTo(3);
        assertThat(SEEN.stream().distinct().count()).as("plus the nested class's own").isEqualTo(2);
        assertThat(NAMED.get("own start")).isEqualTo(Instant.parse("2031-01-01T00:00:00Z"));
        assertThat(NAMED.get("deeper start")).as("reset before a nested test too").isEqualTo(NAMED.get("inner start"));
    }

    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @BanksSandbox(start = "2030-06-01T12:00:00Z", seed = 7)
    @interface ClinicSandbox {}

    @ClinicSandbox
    static class MetaAnnotated {
        @Test
        void test(Sandbox sandbox) {
            NAMED.put("meta start", sandbox.clock().now());
        }
    }

    @Test
    void worksAsAMetaAnnotation() {
        run(MetaAnnotated.class).assertStatistics(stats -> stats.succeeded(1));
        assertThat(NAMED.get("meta start")).isEqualTo(Instant.parse("2030-06-01T12:00:00Z"));
    }
}
