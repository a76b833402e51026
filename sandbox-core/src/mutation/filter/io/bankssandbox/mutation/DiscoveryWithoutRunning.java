package io.bankssandbox.mutation;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Lets a PIT mutation minion find its tests without running them.
 *
 * <p>PIT's JUnit 5 plugin finds the tests of a class by executing the class: in the coverage run that
 * is how each test's coverage is recorded, but a mutation minion does it too, before its first mutant,
 * for every test class that covers its unit, and again each time a mutant times out and PIT starts a
 * new minion. On the webhook engine that was a minute and a half of tests run for nothing per minion.
 *
 * <p>While a mutation minion discovers, the tests, their templates, dynamic tests and before-methods
 * are skipped: each test is still reported as started, which is all the plugin keeps. After-methods
 * still run, so what a constructor or field opened (a receiver, a server) is closed; what they throw
 * over state the skipped before-methods never made is dropped. The tests PIT then runs against each
 * mutant are executed by another path, and run whole.
 *
 * <p>Registered through JUnit's extension autodetection, which only the mutation profile's minions
 * turn on; outside a mutation minion's discovery it only proceeds.
 */
public final class DiscoveryWithoutRunning implements InvocationInterceptor {
    private static final String FINDER = "org.pitest.junit5.JUnit5TestUnitFinder";
    private static final String MUTATION_MINION = "org.pitest.mutationtest.execute.MutationTestMinion";

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        skipWhileDiscovering(invocation);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        skipWhileDiscovering(invocation);
    }

    @Override
    public void interceptDynamicTest(Invocation<Void> invocation, org.junit.jupiter.api.extension.DynamicTestInvocationContext dynamic,
            ExtensionContext context) throws Throwable {
        skipWhileDiscovering(invocation);
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        skipWhileDiscovering(invocation);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        skipWhileDiscovering(invocation);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        cleanUpWhileDiscovering(invocation);
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
            ExtensionContext context) throws Throwable {
        cleanUpWhileDiscovering(invocation);
    }

    private static void skipWhileDiscovering(Invocation<Void> invocation) throws Throwable {
        if (discovering()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    private static void cleanUpWhileDiscovering(Invocation<Void> invocation) throws Throwable {
        if (!discovering()) {
            invocation.proceed();
            return;
        }
        try {
            invocation.proceed();
        } catch (Exception | AssertionError overStateNeverMade) {
            // the before-methods were skipped: an after-method may find nothing to close
        }
    }

    /** On the thread of a mutation minion's test discovery, not its coverage run's nor a mutant's tests. */
    private static boolean discovering() {
        return StackWalker.getInstance().walk(frames -> {
            boolean[] seen = new boolean[2];
            frames.forEach(frame -> {
                seen[0] |= frame.getClassName().equals(FINDER);
                seen[1] |= frame.getClassName().equals(MUTATION_MINION);
            });
            return seen[0] && seen[1];
        });
    }
}
