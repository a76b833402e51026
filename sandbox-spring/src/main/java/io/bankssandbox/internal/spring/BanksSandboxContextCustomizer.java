package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import io.bankssandbox.Sandbox;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
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
        Sandbox sandbox = Sandbox.start(settings.config());
        try {
            ConfigurableListableBeanFactory beans = context.getBeanFactory();
            beans.registerSingleton(EnableBanksSandbox.BEAN_NAME, sandbox);
            closeWithContext(context, beans, sandbox);
            // first: the sandbox's address wins over application.properties, as @DynamicPropertySource's would
            context.getEnvironment().getPropertySources()
                    .addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, settings.properties(sandbox)));
        } catch (RuntimeException e) {
            sandbox.close();
            throw e;
        }
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
