package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AuthTest extends SandboxTestBase {

    @Test
    void requestWithoutAuthorizationIsUnauthorizedInNestShape() {
        ApiClient.Response response = control.get("/v0/entities");
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.json()).isEqualTo(json("{\"statusCode\":401,\"error\":\"Unauthorized\",\"message\":\"Unauthorized\"}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer nope_not_a_key", "Basic bG1fa2V5X3NhbmRib3hfYWxs", "lm_key_sandbox_all", "Bearer ", "Bearer lm_key_sandbox_all2"})
    void badAuthorizationHeadersAreUnauthorized(String header) {
        ApiClient.Response response = control.send("GET", "/v0/accounts", null, Map.of("Authorization", header));
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.json().get("message").asText()).isEqualTo("Unauthorized");
    }

    @Test
    void unauthorizedPostCreatesNothing() {
        int before = state().get("cards").size();
        ApiClient.Response response = control.post("/v0/cards", cardBody(riversideOperatingAccountId()), "key-unauth-0001");
        assertThat(response.status()).isEqualTo(401);
        assertThat(state().get("cards").size()).isEqualTo(before);
    }

    @Test
    void keySeeingOneEntityListsOnlyThatEntity() {
        JsonNode page = api.as(ONE).get("/v0/entities").json();
        assertThat(page.get("data")).hasSize(1);
        assertThat(page.get("data").get(0).get("id").asText()).isEqualTo(riversideId());
        assertThat(page.get("has_next").asBoolean()).isFalse();
        assertThat(page.get("cursor").isNull()).isTrue();
    }

    @Test
    void keySeeingOneEntityListsOnlyItsAccounts() {
        JsonNode accounts = api.as(ONE).get("/v0/accounts").json().get("data");
        assertThat(accounts).extracting(a -> a.get("name").asText())
                .containsExactlyInAnyOrder("Riverside Operating", "Riverside Payroll");
    }

    @Test
    void anotherEntitysIdsAreNotFoundNeverForbidden() {
        String harborEntity = rows("entities", "name", "Harbor Community Health Center").get(0).get("id").asText();
        ApiClient.Response accounts = api.as(ONE).get("/v0/accounts?entity_id=" + harborEntity);
        assertThat(accounts.status()).isEqualTo(404);
        assertThat(accounts.json().get("message").asText()).isEqualTo("Entity " + harborEntity + " not found");
        String harborCard = rows("cards", "bank_account_id", harborAccountId()).get(0).get("id").asText();
        ApiClient.Response card = api.as(ONE).get("/v0/cards/" + harborCard);
        assertThat(card.status()).isEqualTo(404);
        assertThat(card.json().get("message").asText()).isEqualTo("Card " + harborCard + " not found");
        ApiClient.Response create = api.as(ONE).post("/v0/cards", cardBody(harborAccountId()));
        assertThat(create.status()).isEqualTo(404);
        assertThat(create.json().get("message").asText()).isEqualTo("Account " + harborAccountId() + " not found");
    }

    static JsonNode json(String text) {
        try {
            return io.bankssandbox.internal.state.Json.MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
