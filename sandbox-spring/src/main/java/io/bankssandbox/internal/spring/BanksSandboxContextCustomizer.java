package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.webhooks.ConfiguredWebhooks;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts one sandbox for one application context. Spring calls it once per context it creates (a
 * context found in the cache is not customized again), before the context refreshes: so the
 * sandbox exists, and its properties are set, before any application bean is created, and a cached
 * context keeps the sandbox it was created with. Equality is the settings' (a record's), which is
 * how the annotation's attributes enter the cache key.
 */
public record BanksSandboxContextCustomizer(SpringSandboxSettings settings) implements ContextCustomizer {
    static final String PROPERTY_SOURCE_NAME = "banksSandbox";

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
        Sandbox sandbox;
        try {
            sandbox = Sandbox.start(settings.config());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EnableBanksSandbox on " + merged.getTestClass().getName() + ": "
                    + e.getMessage(), e);
        }
        try {
            ConfigurableListableBeanFactory beans = context.getBeanFactory();
            beans.registerSingleton(EnableBanksSandbox.BEAN_NAME, sandbox);
            closeWithContext(context, beans, sandbox);
            // first: the sandbox's address wins over application.properties, as @DynamicPropertySource's would
            context.getEnvironment().getPropertySources()
                    .addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, settings.properties(sandbox)));
            if (!settings.lateWebhooks().isEmpty()) {
                addWebhooksOnceStarted(context, sandbox, merged.getTestClass());
            }
        } catch (RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }

    /**
     * Webhooks that name properties (the application's {@code local.server.port}) are added when the
     * context has refreshed: Boot starts the web server, and sets the port's property, before it
     * publishes that event. Added as configuration, they survive every reset, as those given at start.
     */
    private void addWebhooksOnceStarted(ConfigurableApplicationContext context, Sandbox sandbox, Class<?> testClass) {
        AtomicBoolean added = new AtomicBoolean();
        context.addApplicationListener((ApplicationListener<ContextRefreshedEvent>) event -> {
            // a child context (Boot's management server) publishes its own refresh to its parent too
            if (event.getApplicationContext() != context || !added.compareAndSet(false, true)) {
                return;
            }
            for (String url : settings.lateWebhooks()) {
                try {
                    String secret = settings.webhookSecret() == null ? null
                            : context.getEnvironment().resolveRequiredPlaceholders(settings.webhookSecret());
                    ConfiguredWebhooks.add(sandbox, new RuntimeConfig.Webhook(
                            context.getEnvironment().resolveRequiredPlaceholders(url), null, null, secret));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException("@EnableBanksSandbox on " + testClass.getName() + ", webhook "
                            + url + ": " + e.getMessage() + (url.contains("local.server.port")
                            ? " (the application's port is known with @SpringBootTest(webEnvironment = RANDOM_PORT"
                                    + " or DEFINED_PORT))" : ""), e);
                }
            }
        });
    }

    /**
     * Registered as the first disposable bean, the sandbox is destroyed last: application beans
     * that call it while they shut down still find it.
     */
    private static void closeWithContext(ConfigurableApplicationContext context, ConfigurableListableBeanFactory beans,
                                         Sandbox sandbox) {
        if (beans instanceof DefaultSingletonBeanRegistry registry) {
            registry.registerDisposableBean(EnableBanksSandbox.BEAN_NAME, sandbox::close);
        } else {
            context.addApplicationListener((ApplicationListener<ContextClosedEvent>) event -> sandbox.close());
        }
    }
}
