package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.bankssandbox.Sandbox;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** Injection into every place JUnit resolves parameters, and the state each test starts from. */
class ExtensionLifecycleTest {
    /** What the scenario classes saw; they run one at a time, each engine run inside one test here. */
    static final List<Object> SEEN = new CopyOnWriteArrayList<>();

    @BeforeEach
    void clear() {
        SEEN.clear();
    }

    static Events run(Class<?> scenario) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(scenario)).execute().testEvents();
    }

    @BanksSandbox
    static class InjectedEverywhere {
        InjectedEverywhere(Sandbox sandbox) {
            SEEN.add(sandbox);
        }

        @BeforeAll
        static void beforeAll(Sandbox sandbox) {
            SEEN.add(sandbox);
        }

        @BeforeEach
        void beforeEach(Sandbox sandbox) {
            SEEN.add(sandbox);
        }

        @Test
        void first(Sandbox sandbox) {
            SEEN.add(sandbox);
            assertThat(Http.get(sandbox, "/v0/entities").status()).isEqualTo(200);
        }

        @Test
        void second(Sandbox sandbox) {
            SEEN.add(sandbox);
        }

        @AfterEach
        void afterEach(Sandbox sandbox) {
            SEEN.add(sandbox);
        }

        @AfterAll
        static void afterAll(Sandbox sandbox) {
            SEEN.add(sandbox);
        }
    }

    @Test
    void constructorLifecycleMethodsAndTestsAllGetTheClassSandbox() {
        run(InjectedEverywhere.class).assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
        // beforeAll, then per test: constructor, beforeEach, test, afterEach; then afterAll
        assertThat(SEEN).hasSize(1 + 2 * 4 + 1);
        assertThat(SEEN).allSatisfy(seen -> assertThat(seen).isSameAs(SEEN.get(0)));
        Sandbox sandbox = (Sandbox) SEEN.get(0);
        assertThat(sandbox.apiKey()).isEqualTo("lm_key_sandbox_all");
        assertThat(sandbox.baseUrl()).startsWith("http://127.0.0.1:");
    }

    @BanksSandbox
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class ChangesThenLooks {
        @Test
        @Order(1)
        void changes(Sandbox sandbox) {
            SEEN.add(sandbox.clock().now());
            sandbox.clock().advance(Duration.ofDays(3));
            Http.Response card = Http.post(sandbox, "/v0/cards", Map.of("bank_account_id", firstAccount(sandbox),
                    "nickname", "Leftover", "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                            "multi_use", Map.of("spending_limits", List.of(
                                    Map.of("interval", "per_transaction", "amount", 5_000)))))));
            assertThat(card.status()).isEqualTo(201);
            SEEN.add(card.body().get("id").asText());
        }

        @Test
        @Order(2)
        void looks(Sandbox sandbox) {
            SEEN.add(sandbox.clock().now());
            SEEN.add(Http.get(sandbox, "/v0/cards/" + SEEN.get(1)).status());
            SEEN.add(sandbox.journal().requests().size());
        }
    }

    @Test
    void everyTestStartsFromTheFixtureState() {
        run(ChangesThenLooks.class).assertStatistics(stats -> stats.succeeded(2));
        Instant fixtureStart = (Instant) SEEN.get(0);
        assertThat(SEEN.get(2)).as("clock after reset").isEqualTo(fixtureStart);
        assertThat(SEEN.get(3)).as("the first test's card after reset").isEqualTo(404);
        assertThat(SEEN.get(4)).as("journal after reset: only the card lookup").isEqualTo(1);
    }

    static String firstAccount(Sandbox sandbox) {
        return sandbox.accounts().all().get(0).id();
    }
}
