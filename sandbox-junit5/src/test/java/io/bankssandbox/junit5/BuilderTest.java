package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.bankssandbox.Sandbox;
import io.bankssandbox.CardDecision;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The {@code @RegisterExtension} form: what the annotation cannot say, and field-placed lifetimes. */
class BuilderTest {
    static final Map<String, Object> NAMED = new ConcurrentHashMap<>();
    static final List<Sandbox> SEEN = new CopyOnWriteArrayList<>();

    @BeforeEach
    void clear() {
        NAMED.clear();
        SEEN.clear();
    }

    static void run(Class<?> scenario, int tests) {
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(scenario)).execute().testEvents()
                .assertStatistics(stats -> stats.started(tests).succeeded(tests));
    }

    static class StaticField {
        @RegisterExtension
        static BanksSandboxExtension sandbox = BanksSandboxExtension.builder()
                .start(Instant.parse("2030-02-03T04:05:06Z"))
                .seed(7)
                .apiKey("lm_key_partner_test", "*")
                .apiKey("lm_key_two_practices", "entity_00000001nh0ctdekwudu", "entity_00000002elkrhi1kfpq3")
                // every card payment in a grocery store is blocked in this sandbox
                .fixtureDocument("policy", "{\"blocked_merchant_category_codes\": [\"5411\"], \"spending_limits\": []}")
                .build();

        @BeforeAll
        static void before() {
            NAMED.put("from the field", sandbox.sandbox());
        }

        @Test
        void test(Sandbox injected) {
            NAMED.put("injected", injected);
            NAMED.put("now", injected.clock().now());
            NAMED.put("keys", injected.apiKeys().stream().map(io.bankssandbox.SandboxConfig.ApiKey::key).toList());
            NAMED.put("partner key status", Http.get(injected, "/v0/entities", "lm_key_partner_test").status());
            NAMED.put("two practices", injected.apiKeys().stream()
                    .filter(key -> key.key().equals("lm_key_two_practices")).findFirst().orElseThrow().entityIds());
            String cardId = Http.createCard(injected, "builder-card-1").body().get("id").asText();
            NAMED.put("grocery", injected.cards().authorize(cardId, 100, "5411"));
            NAMED.put("casino", injected.cards().authorize(cardId, 100, "7995"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void staticFieldSandboxTakesCodeBuiltFixturesExtraKeysAndStart() {
        run(StaticField.class, 1);
        assertThat(NAMED.get("injected")).isSameAs(NAMED.get("from the field"));
        assertThat(NAMED.get("now")).isEqualTo(Instant.parse("2030-02-03T04:05:06Z"));
        assertThat((List<Object>) NAMED.get("keys")).contains("lm_key_sandbox_all", "lm_key_partner_test");
        assertThat(NAMED.get("partner key status")).isEqualTo(200);
        assertThat((List<Object>) NAMED.get("two practices"))   // a first entity, then any more
                .containsExactly("entity_00000001nh0ctdekwudu", "entity_00000002elkrhi1kfpq3");
        assertThat(((CardDecision) NAMED.get("grocery")).declineReason()).isEqualTo("transaction_not_allowed");
        assertThat(((CardDecision) NAMED.get("casino")).decision()).isEqualTo("approved");
    }

    static class SeededTwice {
        @RegisterExtension
        static BanksSandboxExtension first = BanksSandboxExtension.builder().seed(99).build();

        @Test
        void test(Sandbox sandbox) {
            NAMED.put("card id", Http.createCard(sandbox, "seeded-card-1").body().get("id").asText());
        }
    }

    @Test
    void aFixedSeedGivesTheSameIdsRunAfterRun() {
        run(SeededTwice.class, 1);
        Object firstRun = NAMED.get("card id");
        run(SeededTwice.class, 1);
        assertThat(NAMED.get("card id")).isEqualTo(firstRun);
    }

    static class InstanceField {
        @RegisterExtension
        BanksSandboxExtension sandbox = BanksSandboxExtension.builder().build();

        @Test
        void one(Sandbox injected) {
            SEEN.add(injected);
        }

        @Test
        void two(Sandbox injected) {
            SEEN.add(injected);
            assertThat(sandbox.sandbox()).isSameAs(injected);
        }
    }

    @Test
    void instanceFieldGivesEachTestItsOwnSandboxClosedAfterIt() {
        run(InstanceField.class, 2);
        assertThat(SEEN).hasSize(2);
        assertThat(SEEN.get(0)).isNotSameAs(SEEN.get(1));
        assertThat(SEEN).allSatisfy(s -> assertThat(CleanShutdownTest.listening(s)).isFalse());
    }
}
