package io.bankssandbox.spring;

import io.bankssandbox.ClockMode;
import io.bankssandbox.internal.spring.SpringSandboxLocks;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceLock;

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
 *
 * <p>Under JUnit's parallel execution, the tests of one context (one sandbox) run one at a time:
 * a test class and every class that shares its context hold one lock while they run, so no test
 * resets the sandbox under another. Classes of other contexts run beside them.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
// Lets JUnit's parallel execution keep apart the tests that share a context, hence a sandbox (see SpringSandboxLocks).
@ResourceLock(providers = SpringSandboxLocks.class)
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
     * they survive every reset.
     *
     * <p>A URL may name properties of the context's environment, resolved once the context has started
     * (its web server included): {@code http://localhost:${local.server.port}/webhooks/bank} is the
     * application's own controller under {@code @SpringBootTest(webEnvironment = RANDOM_PORT)}. Such an
     * endpoint is added when the context has started; one without a placeholder is there from start.
     */
    String[] webhooks() default {};

    /**
     * Signs every delivery to {@link #webhooks()} as Standard Webhooks do ({@code webhook-id},
     * {@code webhook-timestamp}, {@code webhook-signature: v1,...}): base64 of at least 16 bytes, optionally
     * prefixed {@code whsec_}, or a property of the environment ({@code ${app.webhooks.secret}}, the
     * application's own), resolved with the URLs. Empty (the default): deliveries are not signed.
     */
    String webhookSecret() default "";

    /**
     * Requests per API key on {@code /v0} in one {@link #rateLimitWindow()} (a minute: the real service
     * allows 500); over it, a 429 with {@code Retry-After}. 0 (the default): no limit.
     */
    int rateLimit() default 0;

    /**
     * The rate limit's window, ISO 8601 ({@code PT1S}: a test of waiting and retrying takes a second, not
     * a minute); empty (the default): a minute.
     */
    String rateLimitWindow() default "";

    /** The token the control API ({@code /_sandbox/...}) asks for as {@code Authorization: Bearer}; empty: none. */
    String adminToken() default "";

    /**
     * What the sandbox writes to the console: {@code silent}, {@code one-line} or {@code verbose} (one
     * line per request and the libraries' own logging). Empty (the default): the system property
     * {@code bankssandbox.output} decides, and without it {@code one-line}.
     */
    String output() default "";

    Reset reset() default Reset.PER_TEST;
}
