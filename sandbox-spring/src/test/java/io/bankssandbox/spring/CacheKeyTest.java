package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.spring.BanksSandboxContextCustomizerFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.ContextCustomizer;

/**
 * Every attribute of the annotation is part of Spring's context cache key (the customizer's equality),
 * the ones that configure the sandbox as well as the ones that name properties: a class that differs
 * in any of them gets a context, and a sandbox, of its own.
 */
class CacheKeyTest {
    @EnableBanksSandbox(seed = 301)
    static class Plain {}

    @EnableBanksSandbox(seed = 301)
    static class TheSame {}

    @EnableBanksSandbox(seed = 301, rateLimit = 5)
    static class RateLimit {}

    @EnableBanksSandbox(seed = 301, rateLimit = 5, rateLimitWindow = "PT1S")
    static class RateLimitWindow {}

    @EnableBanksSandbox(seed = 301, adminToken = "secret-token")
    static class AdminToken {}

    @EnableBanksSandbox(seed = 301, output = "silent")
    static class Output {}

    @EnableBanksSandbox(seed = 301, webhooks = "inbox")
    static class Webhook {}

    @EnableBanksSandbox(seed = 301, webhooks = "inbox", webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    static class SignedWebhook {}

    @EnableBanksSandbox(seed = 301, webhooks = "http://localhost:${local.server.port}/hook")
    static class LateWebhook {}

    @EnableBanksSandbox(seed = 301, baseUrlProperty = "bank.url")
    static class Property {}

    private static ContextCustomizer keyOf(Class<?> testClass) {
        return new BanksSandboxContextCustomizerFactory().createContextCustomizer(testClass, List.of());
    }

    @Test
    void classesThatDifferInAnyAttributeHaveDifferentKeys() {
        assertThat(keyOf(TheSame.class)).isEqualTo(keyOf(Plain.class)).hasSameHashCodeAs(keyOf(Plain.class));
        List<Class<?>> others = List.of(Plain.class, RateLimit.class, RateLimitWindow.class, AdminToken.class,
                Output.class, Webhook.class, SignedWebhook.class, LateWebhook.class, Property.class);
        for (Class<?> one : others) {
            for (Class<?> other : others) {
                if (one != other) {
                    assertThat(keyOf(one)).as("%s against %s", one.getSimpleName(), other.getSimpleName())
                            .isNotEqualTo(keyOf(other));
                }
            }
        }
    }
}
