package io.bankssandbox.junit5;

import io.bankssandbox.SandboxConfig;
import java.lang.reflect.AnnotatedElement;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

/** What one {@code @BanksSandbox} (or one built extension) asks for: the sandbox, and how it is reset and shared. */
record SandboxSettings(SandboxConfig config, BanksSandbox.Reset reset, boolean shared) {

    /** The annotation on a class: directly, on a superclass, or through a meta-annotation. */
    static Optional<BanksSandbox> annotationOn(AnnotatedElement element) {
        return AnnotationSupport.findAnnotation(element, BanksSandbox.class);
    }

    static SandboxSettings of(BanksSandbox annotation, Class<?> declaredOn) {
        SandboxConfig.Builder config = SandboxConfig.builder()
                .fixtures(annotation.fixtures())
                .clockMode(annotation.clock())
                .seed(annotation.seed());
        if (!annotation.start().isBlank()) {
            try {
                config.start(Instant.parse(annotation.start()));
            } catch (DateTimeParseException e) {
                throw new ExtensionConfigurationException("@BanksSandbox(start = \"" + annotation.start() + "\") on "
                        + declaredOn.getName() + " is not an ISO 8601 instant such as 2026-03-02T15:00:00Z");
            }
        }
        return new SandboxSettings(config.build(), annotation.reset(), annotation.shared());
    }

    /** The resource lock name of a shared sandbox: classes asking for the same configuration share one. */
    String sharedLockKey() {
        return "io.bankssandbox.Sandbox.shared:" + config;
    }
}
