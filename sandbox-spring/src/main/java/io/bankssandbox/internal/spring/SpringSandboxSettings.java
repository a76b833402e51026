package io.bankssandbox.internal.spring;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.WebhookEndpoint;
import io.bankssandbox.spring.EnableBanksSandbox;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * What one {@link EnableBanksSandbox} asks for. A record, so that equal annotations give equal
 * settings: that equality is what makes them part of Spring's context cache key.
 *
 * @param config what the sandbox starts with (the webhooks known before the context starts included)
 * @param lateWebhooks webhook URLs that name properties of the context's environment, added as
 *     configuration once the context has started (with its web server, hence {@code local.server.port})
 * @param webhookSecret the secret that signs the late webhooks' deliveries (it may name a property
 *     too), or null
 */
public record SpringSandboxSettings(SandboxConfig config, EnableBanksSandbox.Reset reset, List<String> baseUrlProperties,
                                    List<String> apiKeyProperties, List<String> lateWebhooks, String webhookSecret) {

    /**
     * The annotation that applies to a test class: on it, a superclass, an enclosing class
     * ({@code @Nested}, as Spring's {@code @NestedTestConfiguration} decides) or a meta-annotation.
     */
    public static Optional<SpringSandboxSettings> of(Class<?> testClass) {
        EnableBanksSandbox annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass,
                EnableBanksSandbox.class);
        if (annotation == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(of(annotation));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EnableBanksSandbox on " + testClass.getName() + ": " + e.getMessage(), e);
        }
    }

    private static SpringSandboxSettings of(EnableBanksSandbox annotation) {
        SandboxConfig.Builder config = SandboxConfig.builder().fixtures(annotation.fixtures())
                .clockMode(annotation.clock()).seed(annotation.seed()).start(annotation.start());
        if (annotation.rateLimit() < 0) {
            throw new IllegalArgumentException("rateLimit must be 0 (no limit) or more, not " + annotation.rateLimit());
        }
        config.rateLimitPerMinute(annotation.rateLimit()).rateLimitWindow(annotation.rateLimitWindow());
        if (!annotation.adminToken().isEmpty()) {
            config.adminToken(annotation.adminToken());
        }
        if (!annotation.output().isEmpty()) {
            try {
                config.output(SandboxConfig.Output.parse(annotation.output()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("output = \"" + annotation.output()
                        + "\" is not one of silent, one-line, verbose", e);
            }
        }
        String secret = annotation.webhookSecret().isEmpty() ? null : annotation.webhookSecret();
        List<String> late = new ArrayList<>();
        for (String url : annotation.webhooks()) {
            if (namesProperty(url) || (secret != null && namesProperty(secret))) {
                late.add(url);
            } else {
                config.webhook(WebhookEndpoint.Registration.of(url).signedWith(secret));
            }
        }
        return new SpringSandboxSettings(config.build(), annotation.reset(),
                withDefault(EnableBanksSandbox.DEFAULT_BASE_URL_PROPERTY, annotation.baseUrlProperty()),
                withDefault(EnableBanksSandbox.DEFAULT_API_KEY_PROPERTY, annotation.apiKeyProperty()),
                List.copyOf(late), late.isEmpty() ? null : secret);
    }

    private static boolean namesProperty(String value) {
        return value.contains("${");
    }

    /** The properties a started sandbox sets in its context's environment. */
    public Map<String, Object> properties(Sandbox sandbox) {
        Map<String, Object> properties = new LinkedHashMap<>();
        baseUrlProperties.forEach(name -> properties.put(name, sandbox.baseUrl()));
        apiKeyProperties.forEach(name -> properties.put(name, sandbox.apiKey()));
        return properties;
    }

    private static List<String> withDefault(String defaultName, String[] names) {
        Set<String> all = new LinkedHashSet<>(List.of(names));
        all.add(defaultName);
        all.removeIf(String::isBlank);
        return List.copyOf(all);
    }
}
