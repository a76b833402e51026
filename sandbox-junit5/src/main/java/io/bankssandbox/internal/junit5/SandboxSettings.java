package io.bankssandbox.internal.junit5;

import io.bankssandbox.junit5.BanksSandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.runtime.SandboxOptions;
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
        SandboxOptions options = new SandboxOptions(annotation.fixtures(), annotation.clock(), annotation.start(),
                annotation.seed(), java.util.List.of(annotation.webhooks()));
        try {
            return new SandboxSettings(options.toConfig("@BanksSandbox on " + declaredOn.getName()), annotation.reset(),
                    annotation.shared());
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    /** The resource lock name of a shared sandbox: classes asking for the same configuration share one. */
    public String sharedLockKey() {
        return "io.bankssandbox.Sandbox.shared:" + config;
    }
}
