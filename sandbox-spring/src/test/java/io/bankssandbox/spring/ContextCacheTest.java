package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/** One sandbox per application context: shared through Spring's context cache, closed with the context, never stale. */
class ContextCacheTest {
    /** What each scenario class saw, by class name. */
    static final Map<String, Seen> SEEN = new ConcurrentHashMap<>();

    record Seen(ApplicationContext context, Sandbox sandbox, BankClient client) {}

    @BeforeEach
    void clear() {
        SEEN.clear();
    }

    @Configuration
    static class Application {
        @Bean
        BankClient bankClient(@Value("${bank.base-url}") String baseUrl, @Value("${bank.api-key}") String apiKey) {
            return new BankClient(baseUrl, apiKey);
        }
    }

    abstract static class Recording {
        @Autowired ApplicationContext context;
        @Autowired Sandbox sandbox;
        @Autowired BankClient client;

        @Test
        void record() {
            SEEN.put(getClass().getSimpleName(), new Seen(context, sandbox, client));
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 201)
    static class First extends Recording {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 201)
    static class SecondWithTheSameConfiguration extends Recording {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 202)
    static class AnotherSeed extends Recording {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 201,
            reset = EnableBanksSandbox.Reset.PER_CLASS)
    static class AnotherReset extends Recording {}

    @Test
    void classesWithTheSameConfigurationShareOneContextAndItsSandbox() {
        Scenarios.run(First.class, SecondWithTheSameConfiguration.class).assertStatistics(s -> s.succeeded(2));

        Seen first = SEEN.get("First");
        Seen second = SEEN.get("SecondWithTheSameConfiguration");
        assertThat(second.context()).isSameAs(first.context());
        assertThat(second.sandbox()).isSameAs(first.sandbox());
        assertThat(second.client().baseUrl()).isEqualTo(first.sandbox().baseUrl());
    }

    @Test
    void everyAttributeIsPartOfTheCacheKey() {
        Scenarios.run(First.class, AnotherSeed.class, AnotherReset.class).assertStatistics(s -> s.succeeded(3));

        Seen first = SEEN.get("First");
        for (String other : new String[] {"AnotherSeed", "AnotherReset"}) {
            Seen seen = SEEN.get(other);
            assertThat(seen.context()).as(other).isNotSameAs(first.context());
            assertThat(seen.sandbox().baseUrl()).as(other).isNotEqualTo(first.sandbox().baseUrl());
            // each context's properties name its own sandbox, and the first one's still answers
            assertThat(seen.client().baseUrl()).as(other).isEqualTo(seen.sandbox().baseUrl());
            assertThat(first.client().get("/v0/entities")).isEqualTo(200);
        }
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 203)
    @DirtiesContext
    static class DirtiesItsContext extends Recording {}

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 203)
    static class SameConfigurationAfterTheDirtyOne extends Recording {}

    @Test
    void aClosedContextClosesItsSandboxAndTheNextContextGetsAFreshOneAtItsOwnAddress() {
        Scenarios.run(DirtiesItsContext.class, SameConfigurationAfterTheDirtyOne.class)
                .assertStatistics(s -> s.succeeded(2));

        Seen dirty = SEEN.get("DirtiesItsContext");
        Seen next = SEEN.get("SameConfigurationAfterTheDirtyOne");
        assertThat(dirty.client().get("/v0/entities")).as("nothing listens where the closed sandbox was").isEqualTo(-1);
        assertThat(next.sandbox()).isNotSameAs(dirty.sandbox());
        assertThat(next.client().baseUrl()).isEqualTo(next.sandbox().baseUrl());
        assertThat(next.client().get("/v0/entities")).isEqualTo(200);
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 204)
    static class Outer extends Recording {
        @Nested
        class Inner extends Recording {}
    }

    @Test
    void nestedClassesUseTheEnclosingClassesContextAndSandbox() {
        Scenarios.run(Outer.class).assertStatistics(s -> s.succeeded(2));

        assertThat(SEEN.get("Inner").context()).isSameAs(SEEN.get("Outer").context());
        assertThat(SEEN.get("Inner").sandbox()).isSameAs(SEEN.get("Outer").sandbox());
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(start = "next tuesday")
    static class StartIsNotAnInstant extends Recording {}

    @Test
    void aStartThatIsNotAnInstantFailsTheClassWithWhatIsWrongAndWhere() {
        Throwable failure = Scenarios.firstFailure(StartIsNotAnInstant.class);

        assertThat(failure).hasStackTraceContaining("@EnableBanksSandbox on " + StartIsNotAnInstant.class.getName()
                + ": start = \"next tuesday\" is not an ISO 8601 instant such as 2026-03-02T15:00:00Z");
    }

    @SpringJUnitConfig(Application.class)
    static class WithoutTheAnnotation {
        @Autowired ApplicationContext context;

        @Test
        void record() {
            SEEN.put("without", new Seen(context, null, null));
        }
    }

    @Test
    void aClassWithoutTheAnnotationGetsNoSandbox() {
        // its Application needs bank.base-url, which only the sandbox would set: the lenient
        // placeholder stays as written, and no Sandbox bean exists
        Scenarios.run(WithoutTheAnnotation.class).assertStatistics(s -> s.succeeded(1));

        assertThat(SEEN.get("without").context().getBeansOfType(Sandbox.class)).isEmpty();
        assertThat(SEEN.get("without").context().getBean(BankClient.class).baseUrl()).isEqualTo("${bank.base-url}");
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(webhooks = "http://127.0.0.1:${local.server.port}/webhooks/bank")
    static class NoWebServer extends Recording {}

    @Test
    void aWebhookNamingTheApplicationsPortWithoutAWebServerFailsTheClassSayingWhy() {
        Throwable failure = Scenarios.firstFailure(NoWebServer.class);

        assertThat(failure).hasStackTraceContaining("@EnableBanksSandbox on " + NoWebServer.class.getName()
                + ", webhook http://127.0.0.1:${local.server.port}/webhooks/bank: Could not resolve placeholder"
                + " 'local.server.port'").hasStackTraceContaining("webEnvironment = RANDOM_PORT");
    }

    @SpringJUnitConfig(Application.class)
    @EnableBanksSandbox(output = "loud", seed = 205)
    static class OutputIsNotAWord extends Recording {}

    @Test
    void anOutputThatIsNoneOfTheWordsFailsTheClassNamingThem() {
        assertThat(Scenarios.firstFailure(OutputIsNotAWord.class)).hasStackTraceContaining("@EnableBanksSandbox on "
                + OutputIsNotAWord.class.getName() + ": output = \"loud\" is not one of silent, one-line, verbose");
    }
}
