package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * Registered in {@code META-INF/spring.factories}: Spring asks it for a customizer while it builds a
 * test class's context configuration, before it looks in its context cache. The customizer it
 * answers for an {@link EnableBanksSandbox} class is therefore part of the cache key.
 */
public final class BanksSandboxContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
                                                     List<ContextConfigurationAttributes> configAttributes) {
        return SpringSandboxSettings.of(testClass).map(BanksSandboxContextCustomizer::new).orElse(null);
    }
}
