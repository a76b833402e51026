package io.bankssandbox.internal.junit5;

import io.bankssandbox.junit5.BanksSandbox;
import io.bankssandbox.SandboxConfig;
import java.lang.reflect.AnnotatedElement;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

/** What one {@code @BanksSandbox} (or one built extension) asks for: the sandbox, and how it is reset and shared. */
public record SandboxSettings(SandboxConfig config, BanksSandbox.Reset reset, boolean shared) {

    /** The annotation on a class: directly, on a superclass, or through a meta-annotation. */
    public static Optional<BanksSandbox> annotationOn(AnnotatedElement element) {
        return AnnotationSupport.findAnnotation(element, BanksSandbox.class);
    }

    public static SandboxSettings of(BanksSandbox annotation, Class<?> declaredOn) {
        try {
            SandboxConfig.Builder config = SandboxConfig.builder().fixtures(annotation.fixtures())
                    .clockMode(annotation.clock()).seed(annotation.seed()).start(annotation.start());
            java.util.List.of(annotation.webhooks()).forEach(config::webhook);
            return new SandboxSettings(config.build(), annotation.reset(), annotation.shared());
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("@BanksSandbox on " + declaredOn.getName() + ": " + e.getMessage(), e);
        }
    }

    /** The resource lock name of a shared sandbox: classes asking for the same configuration share one. */
    public String sharedLockKey() {
        return "io.bankssandbox.Sandbox.shared:" + config;
    }
}
