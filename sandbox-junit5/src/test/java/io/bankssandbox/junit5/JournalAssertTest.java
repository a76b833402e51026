package io.bankssandbox.junit5;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import org.junit.jupiter.api.Test;

/** The AssertJ journal checks, on a sandbox this test class gets from the extension. */
@BanksSandbox
class JournalAssertTest {

    @Test
    void findsTheRequestByKeyStatusAndBody(Sandbox sandbox) {
        Http.createCard(sandbox, "order-4711-card");
        Http.get(sandbox, "/v0/accounts?limit=5");

        assertThat(sandbox.journal())
                .hasRequest("POST", "/v0/cards")
                .withIdempotencyKey("order-4711-card")
                .withStatus(201)
                .withBodyField("nickname", "Supplies")
                .withBodyField("/authorization_controls/usage/multi_use/spending_limits/0/amount", 5_000L)
                .times(1);
        assertThat(sandbox.journal())
                .hasRequest("GET", "/v0/accounts").withStatus(200);
        assertThat(sandbox.journal())
                .hasRequestCount("POST", "/v0/cards", 1)
                .hasNoRequest("DELETE", "/v0/cards/*");
    }

    @Test
    void aMissingRequestFailsListingWhatWasReceived(Sandbox sandbox) {
        Http.createCard(sandbox, "order-4711-card");

        assertThatThrownBy(() -> assertThat(sandbox.journal()).hasRequest("POST", "/v0/cards")
                .withIdempotencyKey("another-key-000"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("with Idempotency-Key another-key-000")
                .hasMessageContaining("POST /v0/cards -> 201 [Idempotency-Key order-4711-card]");
        assertThatThrownBy(() -> assertThat(sandbox.journal()).hasRequest("GET", "/v0/entities"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expected a GET /v0/entities request");
    }

    @Test
    void startsEmptyAfterTheReset(Sandbox sandbox) {
        assertThat(sandbox.journal()).isEmpty();
    }
}
