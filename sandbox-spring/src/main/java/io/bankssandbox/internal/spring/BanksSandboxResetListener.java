package io.bankssandbox.internal.spring;

import io.bankssandbox.spring.EnableBanksSandbox;
import io.bankssandbox.Sandbox;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.support.AbstractTestExecutionListener;
import org.springframework.util.ClassUtils;

/**
 * Registered in {@code META-INF/spring.factories}: puts the context's sandbox back to the fixture
 * state as {@link EnableBanksSandbox#reset()} asks, before each test method (before its
 * {@code @BeforeEach} methods) or when a top-level test class starts. Reset before rather than
 * after: a test that failed or hung leaves nothing for the next. Classes without the annotation
 * are left alone (their context is not even looked up).
 */
public final class BanksSandboxResetListener extends AbstractTestExecutionListener {

    /** After Spring's own listeners that may replace a dirty context (up to 2000), before SQL scripts and transactions. */
    @Override
    public int getOrder() {
        return 2100;
    }

    @Override
    public void beforeTestClass(TestContext testContext) {
        Class<?> testClass = testContext.getTestClass();
        // a @Nested class is part of its enclosing class's run: PER_CLASS resets once, for the outermost
        if (resetIs(testClass, EnableBanksSandbox.Reset.PER_CLASS) && !ClassUtils.isInnerClass(testClass)) {
            sandbox(testContext).reset();
        }
    }

    @Override
    public void beforeTestMethod(TestContext testContext) {
        if (resetIs(testContext.getTestClass(), EnableBanksSandbox.Reset.PER_TEST)) {
            sandbox(testContext).reset();
        }
    }

    private static boolean resetIs(Class<?> testClass, EnableBanksSandbox.Reset reset) {
        return SpringSandboxSettings.of(testClass).map(settings -> settings.reset() == reset).orElse(false);
    }

    private static Sandbox sandbox(TestContext testContext) {
        return testContext.getApplicationContext().getBean(EnableBanksSandbox.BEAN_NAME, Sandbox.class);
    }
}
