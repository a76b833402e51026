package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
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
 */
public record SpringSandboxSettings(SandboxConfig config, EnableBanksSandbox.Reset reset, List<String> baseUrlProperties,
                             List<String> apiKeyProperties) {

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
        SandboxConfig.Builder config = SandboxConfig.builder().fixtures(annotation.fixtures()).clockMode(annotation.clock())
                .seed(annotation.seed());
        List.of(annotation.webhooks()).forEach(config::webhook);
        try {
            config.start(annotation.start());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@EnableBanksSandbox on " + testClass.getName() + ": " + e.getMessage(), e);
        }
        return Optional.of(new SpringSandboxSettings(config.build(), annotation.reset(),
                withDefault(EnableBanksSandbox.DEFAULT_BASE_URL_PROPERTY, annotation.baseUrlProperty()),
                withDefault(EnableBanksSandbox.DEFAULT_API_KEY_PROPERTY, annotation.apiKeyProperty())));
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
