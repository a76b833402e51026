package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code rateLimitPerMinute} emulates the real service's per-key limit: past it, 429 with
 * Retry-After in the route's error shape, counted per API key, never on the control API, and a
 * limited POST creates nothing; {@code rateLimitWindow} sets the window. These are end to end, so they
 * run on the wall clock; each test's requests only need to fall within one minute, and a retry is
 * waited for with a generous deadline. The window logic itself (when a window opens and
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

    @Test
    void theConfiguredWindowBoundsRetryAfter() {
        try (Sandbox hourly = Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT)
                .rateLimitPerMinute(1).rateLimitWindow(Duration.ofHours(2)).build())) {
            ApiClient client = new ApiClient(hourly.baseUrl(), SandboxTestBase.ALL);
            long windowOpened = System.nanoTime(); // at or before the sandbox opens the key's window
            assertThat(client.get("/v0/entities").status()).isEqualTo(200);
            ApiClient.Response limited = client.get("/v0/entities");
            long elapsedSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - windowOpened) + 1;
            assertThat(limited.status()).isEqualTo(429);
            assertThat(Long.parseLong(limited.header("Retry-After").orElseThrow()))
                    .as("never longer than what remains of the two hours").isBetween(7200 - elapsedSeconds, 7200L);
        }
    }

    @Test
    void withAOneSecondWindowARetryAfterRetryAfterIsAdmitted() throws InterruptedException {
        try (Sandbox quick = Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT)
                .rateLimitPerMinute(1).rateLimitWindow("PT1S").build())) {
            ApiClient client = new ApiClient(quick.baseUrl(), SandboxTestBase.ALL);
            assertThat(client.get("/v0/entities").status()).isEqualTo(200);
            ApiClient.Response limited = client.get("/v0/entities");
            // on a busy machine the second request may already fall into the next window: then it is admitted
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (limited.status() == 429 && System.nanoTime() < deadline) {
                assertThat(Integer.parseInt(limited.header("Retry-After").orElseThrow())).isBetween(0, 1);
                Thread.sleep(Math.max(50, 1000L * Integer.parseInt(limited.header("Retry-After").orElseThrow())));
                limited = client.get("/v0/entities");
            }
            assertThat(limited.status()).as("a retry once the second has passed").isEqualTo(200);
        }
    }

    @Test
    void aWindowThatIsNoDurationIsRefusedByTheBuilder() {
        assertThatThrownBy(() -> SandboxConfig.builder().rateLimitWindow("a minute"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rateLimitWindow = \"a minute\" is not an ISO 8601 duration such as PT1M or PT1S");
        assertThatThrownBy(() -> SandboxConfig.builder().rateLimitWindow(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rateLimitWindow must be a positive ISO 8601 duration of at most PT24H (such as PT1M or PT1S), not PT0S");
        assertThatThrownBy(() -> SandboxConfig.builder().rateLimitWindow("P2D")).isInstanceOf(IllegalArgumentException.class);
        assertThat(SandboxConfig.defaults().rateLimitWindow()).isEqualTo(Duration.ofMinutes(1));
        assertThat(SandboxConfig.builder().rateLimitWindow("PT1S").rateLimitWindow(" ").build().rateLimitWindow())
                .as("blank: the default, as an annotation's empty attribute").isEqualTo(Duration.ofMinutes(1));
    }

    private static Map<String, Object> cardBody(String accountId) {
        return ValidBodies.card(accountId);
    }
}
