package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A /v0 GET with {@code Banks-Sandbox-Read: operator} is the operator's read, as the Java handle's reads
 * are: the route's very answer, every entity, and no trace in what the application under test is
 * checked against (journal, faults, rate limit). The npm client reads through it.
 */
class OperatorReadTest extends SandboxTestBase {
    private static final Map<String, String> OPERATOR = Map.of("Banks-Sandbox-Read", "operator");

    @Test
    void anOperatorReadAnswersWhatTheRouteAnswersTheAllSeeingKey() {
        ApiClient.Response asOperator = control.send("GET", "/v0/accounts?limit=100", null, OPERATOR);
        assertThat(asOperator.status()).isEqualTo(200);
        assertThat(asOperator.json()).isEqualTo(api.get("/v0/accounts?limit=100").json());
        String account = riversideOperatingAccountId();
        assertThat(control.send("GET", "/v0/accounts/" + account, null, OPERATOR).json())
                .isEqualTo(api.get("/v0/accounts/" + account).json());
    }

    @Test
    void anOperatorReadSeesEveryEntityWhateverKeyItCarries() {
        Map<String, String> headers = Map.of("Banks-Sandbox-Read", "operator", "Authorization", "Bearer " + ONE);
        ApiClient.Response harbor = control.send("GET", "/v0/accounts/" + harborAccountId(), null, headers);
        assertThat(harbor.status()).isEqualTo(200);
        assertThat(api.as(ONE).get("/v0/accounts/" + harborAccountId()).status()).isEqualTo(404);
    }

    @Test
    void anOperatorReadIsNeitherJournaledNorFaultedNorRateLimited() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503), null);
        assertThat(control.send("GET", "/v0/entities", null, OPERATOR).status()).isEqualTo(200);
        assertThat(control.get("/_sandbox/requests").json().get("data")).isEmpty();
        assertThat(api.get("/v0/entities").status()).isEqualTo(503); // the fault still waits for the application
    }

    @Test
    void anUnknownIdIsTheRoutesOwn404() {
        ApiClient.Response missing = control.send("GET", "/v0/accounts/account_nope", null, OPERATOR);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json()).isEqualTo(api.get("/v0/accounts/account_nope").json());
    }

    @Test
    void theHeaderMakesNoOtherMethodTheOperators() {
        ApiClient.Response post = control.send("POST", "/v0/cards", cardBody(riversideOperatingAccountId()),
                Map.of("Banks-Sandbox-Read", "operator", "Idempotency-Key", "operator-post-0001"));
        assertThat(post.status()).isEqualTo(401);
    }

    @Test
    void behindAnAdminTokenAnOperatorReadNeedsTheToken() {
        try (Sandbox guarded = Sandbox.start(SandboxConfig.builder().adminToken("read-admin").build())) {
            ApiClient anonymous = new ApiClient(guarded.baseUrl(), null);
            assertThat(anonymous.send("GET", "/v0/entities", null, OPERATOR).status()).isEqualTo(401);
            assertThat(anonymous.as("read-admin").send("GET", "/v0/entities", null, OPERATOR).status()).isEqualTo(200);
        }
    }
}
