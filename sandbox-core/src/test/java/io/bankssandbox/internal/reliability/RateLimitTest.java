package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code rateLimitPerMinute} emulates the real service's per-key limit: past it, 429 with
 * Retry-After in the route's error shape, counted per API key, never on the control API, and a
 * limited POST creates nothing. These are end to end, so they run on the wall clock; each test's
 * requests only need to fall within one minute. The window logic itself (when a window opens and
 * ends, the Retry-After it gives) is checked on a clock the test moves, in
 * {@link io.bankssandbox.internal.http.RateLimiterTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RateLimitTest {
    private static final int LIMIT = 5;

    private Sandbox sandbox;
    private ApiClient all;
    private ApiClient one;
    private ApiClient control;

    @BeforeAll
    void start() {
        sandbox = Sandbox.start(SandboxConfig.builder().rateLimitPerMinute(LIMIT).build());
        all = new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL);
        one = all.as(SandboxTestBase.ONE);
        control = new ApiClient(sandbox.baseUrl(), null);
    }

    /** Reset empties the rate windows along with everything else. */
    @BeforeEach
    void reset() {
        sandbox.reset();
    }

    @AfterAll
    void stop() {
        sandbox.close();
    }

    @Test
    void pastTheLimitAKeyGetsTooManyRequestsWithRetryAfter() {
        for (int i = 0; i < LIMIT; i++) {
            assertThat(all.get("/v0/entities").status()).isEqualTo(200);
        }
        ApiClient.Response limited = all.get("/v0/entities");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("statusCode").asInt()).isEqualTo(429);
        assertThat(limited.json().get("error").asText()).isEqualTo("Too Many Requests");
        assertThat(limited.json().get("message").isTextual()).isTrue();
        assertThat(limited.header("Retry-After")).hasValueSatisfying(
                seconds -> assertThat(Integer.parseInt(seconds)).isBetween(1, 60));
    }

    @Test
    void theLimitIsCountedPerKey() {
        for (int i = 0; i <= LIMIT; i++) {
            all.get("/v0/accounts");
        }
        assertThat(all.get("/v0/accounts").status()).isEqualTo(429);
        assertThat(one.get("/v0/accounts").status()).isEqualTo(200);
    }

    @Test
    void externalAccountRoutesAnswerTheLimitInTheirOwnShape() {
        for (int i = 0; i < LIMIT; i++) {
            all.get("/v0/entities");
        }
        ApiClient.Response limited = all.get("/v0/external-accounts/external_account_nope");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().fieldNames()).toIterable().containsExactly("error");
        assertThat(limited.header("Retry-After")).isPresent();
    }

    @Test
    void aLimitedPostCreatesNothingAndTheControlApiIsNeverLimited() {
        for (int i = 0; i < LIMIT; i++) {
            all.get("/v0/entities");
        }
        int cards = sandbox.exportState().get("cards").size();
        String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
        ApiClient.Response limited = all.post("/v0/cards", cardBody(account), "limited-key-00001");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(sandbox.exportState().get("cards")).hasSize(cards);
        for (int i = 0; i < LIMIT * 3; i++) {
            assertThat(control.get("/_sandbox/clock").status()).isEqualTo(200);
        }
    }

    @Test
    void requestsWithoutAValidKeyAreUnauthorizedNotCountedAgainstAKey() {
        for (int i = 0; i < LIMIT * 2; i++) {
            assertThat(control.send("GET", "/v0/entities", null, Map.of("Authorization", "Bearer nope")).status())
                    .isEqualTo(401);
        }
        assertThat(all.get("/v0/entities").status()).isEqualTo(200);
    }

    private static Map<String, Object> cardBody(String accountId) {
        return ValidBodies.card(accountId);
    }
}
