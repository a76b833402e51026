package io.bankssandbox.junit5;

import io.bankssandbox.internal.junit5.SandboxLocks;
import io.bankssandbox.internal.junit5.SandboxSettings;
import io.bankssandbox.ClockMode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Runs a Banks Sandbox for the annotated test class: a free loopback port, the {@code default}
 * fixtures, a frozen clock, and the fixture state again before every test. Declare an
 * {@link io.bankssandbox.Sandbox} parameter on a test method, a lifecycle method or the
 * constructor to get it.
 *
 * <pre>{@code
 * @BanksSandbox
 * class PayoutTest {
 *     @Test
 *     void card(Sandbox sandbox) {
 *         // call sandbox.baseUrl() with "Authorization: Bearer " + sandbox.apiKey()
 *     }
 * }
 * }</pre>
 *
 * {@code @Nested} classes use the enclosing class's sandbox. Usable as a meta-annotation, so a
 * project can name its own configuration once. For what an annotation cannot say (fixture
 * documents built in code, extra API keys), register {@link BanksSandboxExtension#builder()} with
 * {@code @RegisterExtension} instead.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(BanksSandboxExtension.class)
// Lets JUnit's parallel execution keep tests that would reset the same sandbox apart (see SandboxLocks).
@ResourceLock(providers = SandboxLocks.class)
public @interface BanksSandbox {

    /** When the sandbox goes back to the fixture state. */
    enum Reset {
        /** Before every test (the default): no test sees what another did. */
        PER_TEST,
        /** Once, when the class starts: tests of the class build on each other's changes. */
        PER_CLASS
    }

    /** A classpath fixture set name ({@code default}, or one under {@code io/bankssandbox/fixtures/NAME/}) or a directory. */
    String fixtures() default "default";

    /** {@code FROZEN} (the default): time moves only when a test advances it. {@code RUNNING}: it follows the wall clock too. */
    ClockMode clock() default ClockMode.FROZEN;

    /** Where the clock starts, as an ISO 8601 instant ({@code 2026-03-02T15:00:00Z}); empty: the fixture set's {@code clock.json}. */
    String start() default "";

    /** Seed of generated ids: the same seed gives the same ids. */
    long seed() default 42L;

    /**
     * Webhook endpoints that receive both events ({@code transaction.created}, {@code entity.connected})
     * as the default API key sees them: http(s) URLs, or {@code inbox} for the receiver the sandbox
     * hosts itself ({@code sandbox.webhooks().inbox()}). Like the builder's {@code webhook(url)},
     * they are there from start and survive every reset.
     */
    String[] webhooks() default {};

    Reset reset() default Reset.PER_TEST;

    /**
     * One sandbox for every class that asks for the same configuration, started once and closed
     * when the whole run ends. Classes sharing it do not run concurrently with each other.
     */
    boolean shared() default false;
}
