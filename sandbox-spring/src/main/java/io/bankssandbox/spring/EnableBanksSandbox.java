package io.bankssandbox.spring;

import io.bankssandbox.ClockMode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts a Banks Sandbox with the Spring test context of the annotated class, before any bean of
 * the application is created: its URL and API key become properties, the
 * {@link io.bankssandbox.Sandbox} handle is a bean, and the sandbox is closed when Spring closes
 * that context.
 *
 * <pre>{@code
 * @SpringBootTest
 * @EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
 * class PayoutFlowTest {
 *     @Autowired Sandbox sandbox;
 *     @Autowired PayoutService payouts;   // built with bank.base-url and bank.api-key pointing at the sandbox
 * }
 * }</pre>
 *
 * Every attribute is part of Spring's context cache key: test classes with the same configuration
 * (this annotation included) share one context and its one sandbox; a class with another gets its
 * own. The sandbox goes back to the fixture state before each test method unless {@link #reset()}
 * says otherwise. {@code @Nested} classes use the enclosing class's sandbox. Usable as a
 * meta-annotation.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface EnableBanksSandbox {

    /** Always set to the sandbox's base URL, beside the names in {@link #baseUrlProperty()}. */
    String DEFAULT_BASE_URL_PROPERTY = "banks-sandbox.base-url";

    /** Always set to the sandbox's default API key, beside the names in {@link #apiKeyProperty()}. */
    String DEFAULT_API_KEY_PROPERTY = "banks-sandbox.api-key";

    /** The bean name of the {@link io.bankssandbox.Sandbox} handle. */
    String BEAN_NAME = "banksSandbox";

    /** When the sandbox goes back to the fixture state. */
    enum Reset {
        /** Before every test method (the default): no test sees what another did. */
        PER_TEST,
        /** When a test class starts: the tests of the class build on each other's changes. */
        PER_CLASS,
        /**
         * Never: the state lives as long as the context, across every class that shares it, and
         * keeps what the application did at startup.
         */
        NEVER
    }

    /** Properties of the application to set to the sandbox's base URL ({@code http://127.0.0.1:PORT}). */
    String[] baseUrlProperty() default {};

    /** Properties of the application to set to the sandbox's default API key ({@code lm_key_sandbox_all}). */
    String[] apiKeyProperty() default {};

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
}
