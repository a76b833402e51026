package io.bankssandbox.junit5;

import io.bankssandbox.internal.junit5.SandboxLocks;
import io.bankssandbox.internal.junit5.SandboxSettings;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.ClockMode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link BanksSandbox}, and its programmatic form for what an annotation
 * cannot say:
 *
 * <pre>{@code
 * @RegisterExtension
 * static BanksSandboxExtension sandbox = BanksSandboxExtension.builder()
 *         .fixtures(Path.of("src/test/fixtures/clinic"))
 *         .apiKey("lm_key_partner", "entity_00000001nh0ctdekwudu")
 *         .seed(7)
 *         .build();
 * }</pre>
 *
 * A static field gives one sandbox per class, an instance field one per test (as with
 * Testcontainers). Every sandbox lives in JUnit's {@link ExtensionContext.Store}: in the store of
 * the class that asked for it, or for a shared one in the root store, so JUnit closes it when that
 * class, or the whole run, is over. Nothing is kept in static fields, so any number of sandboxes and
 * concurrent classes work side by side.
 */
public final class BanksSandboxExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BanksSandboxExtension.class);

    /** Null for the annotation form: each class's settings come from its annotation. */
    private final SandboxSettings built;
    /** The built form's sandbox once started, for {@link #sandbox()}. */
    private volatile Sandbox current;

    /** The annotation form; use {@link BanksSandbox} rather than registering this directly. */
    public BanksSandboxExtension() {
        this(null);
    }

    private BanksSandboxExtension(SandboxSettings built) {
        this.built = built;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The sandbox of a built extension, once JUnit has started it (from {@code @BeforeAll} on for a
     * static field): for code that needs the URL outside a test method, such as a Spring
     * {@code @DynamicPropertySource}.
     */
    public Sandbox sandbox() {
        Sandbox sandbox = current;
        if (sandbox == null) {
            throw new IllegalStateException("the sandbox starts when JUnit runs the class's first callback; "
                    + "inject a Sandbox parameter where that is too early");
        }
        return sandbox;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        SandboxResource resource = resource(context);
        boolean topLevelClass = context.getParent().flatMap(ExtensionContext::getTestClass).isEmpty();
        // a shared sandbox may have served other classes: per-class reset starts this one from the fixtures
        if (resource.settings().shared() && resource.settings().reset() == BanksSandbox.Reset.PER_CLASS
                && topLevelClass) {
            resource.sandbox().reset();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        SandboxResource resource = resource(context);
        if (resource.settings().reset() == BanksSandbox.Reset.PER_TEST) {
            // before the test rather than after: a test that failed or hung leaves nothing for the next
            resource.sandbox().reset();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == Sandbox.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return resource(extensionContext).sandbox();
    }

    /** The sandbox serving this context, started on first use (constructors can come before beforeAll). */
    private SandboxResource resource(ExtensionContext context) {
        SandboxResource resource;
        if (built != null) {
            resource = built.shared() ? shared(context, built)
                    // keyed by this instance: nested classes find their enclosing class's in the parent store
                    : context.getStore(NAMESPACE).getOrComputeIfAbsent(this,
                            key -> SandboxResource.start(built), SandboxResource.class);
            current = resource.sandbox();
            return resource;
        }
        ExtensionContext owner = owner(context);
        Class<?> ownerClass = owner.getRequiredTestClass();
        SandboxSettings settings = SandboxSettings.annotationOn(ownerClass)
                .map(annotation -> SandboxSettings.of(annotation, ownerClass))
                .orElseGet(SandboxResource::defaults);
        if (settings.shared()) {
            return shared(context, settings);
        }
        return owner.getStore(NAMESPACE).getOrComputeIfAbsent(new OwnerKey(ownerClass),
                key -> SandboxResource.start(settings), SandboxResource.class);
    }

    /** One sandbox per configuration for the whole run, closed with the root store at the end. */
    private static SandboxResource shared(ExtensionContext context, SandboxSettings settings) {
        ExtensionContext root = context.getRoot();
        return root.getStore(NAMESPACE).getOrComputeIfAbsent(new SharedKey(settings.config()),
                key -> SandboxResource.start(settings), SandboxResource.class);
    }

    /**
     * The class-level context that owns the sandbox: the nearest one whose class carries the
     * annotation (a {@code @Nested} class without its own uses its enclosing class's), else the
     * outermost class (the extension registered with a bare {@code @ExtendWith}).
     */
    private static ExtensionContext owner(ExtensionContext context) {
        ExtensionContext outermostClass = null;
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            Optional<Class<?>> testClass = c.getTestClass();
            if (c.getTestMethod().isPresent() || testClass.isEmpty()) {
                continue;
            }
            if (SandboxSettings.annotationOn(testClass.get()).isPresent()) {
                return c;
            }
            outermostClass = c;
        }
        if (outermostClass == null) {
            throw new IllegalStateException("no test class in " + context.getUniqueId());
        }
        return outermostClass;
    }

    private record OwnerKey(Class<?> testClass) {}

    private record SharedKey(SandboxConfig config) {}

    /**
     * A started sandbox in a store; JUnit closes it when the store's context ends. JUnit 5.13 and
     * later close any {@link AutoCloseable} in a store; 5.12 and earlier (Spring Boot 3.5 manages
     * 5.12) only their own {@code CloseableResource}, deprecated since but still honoured, so it is
     * both. Whichever JUnit calls, the sandbox closes once ({@link Sandbox#close()} is idempotent).
     */
    @SuppressWarnings("deprecation")
    record SandboxResource(Sandbox sandbox, SandboxSettings settings)
            implements AutoCloseable, ExtensionContext.Store.CloseableResource {
        static SandboxResource start(SandboxSettings settings) {
            return new SandboxResource(Sandbox.start(settings.config()), settings);
        }

        static SandboxSettings defaults() {
            return new SandboxSettings(SandboxConfig.defaults(), BanksSandbox.Reset.PER_TEST, false);
        }

        @Override
        public void close() {
            sandbox.close();
        }
    }

    /** Settings for {@link BanksSandboxExtension#builder()}; the defaults are the annotation's. */
    public static final class Builder {
        private final SandboxConfig.Builder config = SandboxConfig.builder();
        private BanksSandbox.Reset reset = BanksSandbox.Reset.PER_TEST;
        private boolean shared;

        private Builder() {}

        /** A classpath fixture set name or a directory. */
        public Builder fixtures(String nameOrDirectory) {
            config.fixtures(nameOrDirectory);
            return this;
        }

        public Builder fixtures(Path directory) {
            config.fixtures(directory.toString());
            return this;
        }

        public Builder clock(ClockMode mode) {
            config.clockMode(mode);
            return this;
        }

        public Builder start(Instant start) {
            config.start(start);
            return this;
        }

        public Builder seed(long seed) {
            config.seed(seed);
            return this;
        }

        public Builder reset(BanksSandbox.Reset reset) {
            this.reset = reset;
            return this;
        }

        /** One sandbox for every class whose extension asks for the same configuration, closed when the run ends. */
        public Builder shared(boolean shared) {
            this.shared = shared;
            return this;
        }

        /**
         * Fixture data built in code: {@code document} replaces the fixture set's file {@code name}
         * ({@code entities}, {@code accounts}, {@code cards}, ...) and is checked as that file would be.
         */
        public Builder fixtureDocument(String name, JsonNode document) {
            config.fixtureDocument(name, document);
            return this;
        }

        /** The same, from JSON text. */
        public Builder fixtureDocument(String name, String json) {
            config.fixtureDocument(name, json);
            return this;
        }

        /**
         * One more API key, seeing these entities ({@code "*"}: every entity). A key sees at least one,
         * so the first is an argument of its own: a key without one does not compile.
         */
        public Builder apiKey(String key, String entityId, String... moreEntityIds) {
            List<String> entityIds = new ArrayList<>(List.of(entityId));
            entityIds.addAll(List.of(moreEntityIds));
            config.apiKey(key, "added by BanksSandboxExtension.builder()", entityIds);
            return this;
        }

        /**
         * Send both webhook events, as the default key sees them, to {@code url} (an http(s) URL, or
         * {@code inbox} for the sandbox's own receiver); repeatable. Such endpoints survive reset.
         */
        public Builder webhook(String url) {
            config.webhook(url);
            return this;
        }

        /** Anything else {@link SandboxConfig} offers (rate limit, admin token, ...). */
        public Builder config(Consumer<SandboxConfig.Builder> customizer) {
            customizer.accept(config);
            return this;
        }

        public BanksSandboxExtension build() {
            return new BanksSandboxExtension(new SandboxSettings(config.build(), reset, shared));
        }
    }
}
