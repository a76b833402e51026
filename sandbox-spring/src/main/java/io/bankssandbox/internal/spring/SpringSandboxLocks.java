package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;
import org.springframework.test.context.BootstrapUtils;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Resource locks for JUnit's parallel execution, so that concurrency never makes one test reset the
 * sandbox another is using. The sandbox belongs to the application context, and Spring shares a
 * context between every test class with the same configuration: so the lock is the context's. A class
 * takes it for all its tests (they run one at a time, and so do those of every other class of that
 * context), while classes of other contexts run beside it. {@link EnableBanksSandbox.Reset#NEVER}
 * takes no lock: nothing resets the sandbox under a test, and the tests share its state by choice.
 */
public final class SpringSandboxLocks implements ResourceLocksProvider {
    static final String KEY = "io.bankssandbox.spring.context:";

    @Override
    public Set<Lock> provideForClass(Class<?> testClass) {
        return locks(testClass);
    }

    /** A {@code @Nested} class may have a context of its own (another configuration): its lock too. */
    @Override
    public Set<Lock> provideForNestedClass(List<Class<?>> enclosingInstanceTypes, Class<?> testClass) {
        return locks(testClass);
    }

    private static Set<Lock> locks(Class<?> testClass) {
        return SpringSandboxSettings.of(testClass)
                .filter(settings -> settings.reset() != EnableBanksSandbox.Reset.NEVER)
                .map(settings -> Set.of(new Lock(contextKey(testClass, settings), ResourceAccessMode.READ_WRITE)))
                .orElse(Set.of());
    }

    /**
     * The key of the context Spring will give the class: the hash of its merged configuration, which
     * is the context cache's key (classes that share a context share the lock; two contexts whose hashes
     * collide only wait for each other). When the configuration cannot be built, the test will fail on
     * it anyway: the sandbox's settings then stand for the context, which can only serialize more.
     */
    static String contextKey(Class<?> testClass, SpringSandboxSettings settings) {
        try {
            MergedContextConfiguration context =
                    BootstrapUtils.resolveTestContextBootstrapper(testClass).buildMergedContextConfiguration();
            return KEY + Integer.toHexString(context.hashCode());
        } catch (RuntimeException | LinkageError e) {
            return KEY + "settings " + Integer.toHexString(settings.hashCode());
        }
    }
}
