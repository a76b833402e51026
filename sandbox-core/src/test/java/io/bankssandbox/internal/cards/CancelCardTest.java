package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code DELETE /v0/cards/{card_id}} through real HTTP against the default fixtures. */
class CancelCardTest extends SandboxTestBase {
    static final String OFFICE = CardAuthorizationsTest.OFFICE;
    static final String VACCINE = CardAuthorizationsTest.VACCINE;
    static final String DISABLED = CardAuthorizationsTest.DISABLED;
    static final String WEB_APP = CardAuthorizationsTest.WEB_APP;
    static final String CANCELED = CardAuthorizationsTest.CANCELED;

    @BeforeEach
    void reset() {
        assertThat(api.post("/_sandbox/reset", Map.of(), null).status()).isEqualTo(200);
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void deleteAnswers200WithTheCardCanceledAndOtherwiseUnchanged() {
        JsonNode before = api.get("/v0/cards/" + OFFICE).json();
        assertThat(before.get("status").asText()).isEqualTo("active");

        ApiClient.Response response = api.delete("/v0/cards/" + OFFICE);

        assertThat(response.status()).isEqualTo(200);
        JsonNode card = response.json();
        assertThat(fieldNames(card)).containsExactlyInAnyOrder("id", "created_at", "entity_id", "bank_account_id",
                "nickname", "last_4", "status", "authorization_controls");
        assertThat(card.get("status").asText()).isEqualTo("canceled");
        ((com.fasterxml.jackson.databind.node.ObjectNode) before).put("status", "canceled");
        assertThat(card).isEqualTo(before);
    }

    @Test
    void getAfterDeleteShowsTheCardCanceled() {
        JsonNode deleted = api.delete("/v0/cards/" + OFFICE).json();
        ApiClient.Response get = api.get("/v0/cards/" + OFFICE);
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.json().get("status").asText()).isEqualTo("canceled");
        assertThat(get.json()).isEqualTo(deleted);
    }

    @Test
    void deletingTwiceAnswers200WithTheSameBody() {
        ApiClient.Response first = api.delete("/v0/cards/" + OFFICE);
        ApiClient.Response second = api.delete("/v0/cards/" + OFFICE);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).isEqualTo(first.json());
    }

    @Test
    void aCardCanceledInTheFixturesAnswersItselfUnchanged() {
        JsonNode before = api.get("/v0/cards/" + CANCELED).json();
        ApiClient.Response response = api.delete("/v0/cards/" + CANCELED);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json()).isEqualTo(before);
    }

    @Test
    void aDisabledCardCanBeCanceled() {
        ApiClient.Response response = api.delete("/v0/cards/" + DISABLED);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("status").asText()).isEqualTo("canceled");
    }

    @Test
    void authorizationsOnACanceledCardDeclineCardCanceled() {
        JsonNode approved = Authorizations.authorize(api, OFFICE, 100, "5411");
        assertThat(approved.get("decision").asText()).isEqualTo("approved");
        api.delete("/v0/cards/" + OFFICE);
        Authorizations.assertDeclined(Authorizations.authorize(api, OFFICE, 100, "5411"), "card_canceled");
    }

    @Test
    void aDisabledCardOnceCanceledDeclinesCardCanceledNotCardNotActive() {
        api.delete("/v0/cards/" + DISABLED);
        Authorizations.assertDeclined(Authorizations.authorize(api, DISABLED, 100, "5411"), "card_canceled");
    }

    @Test
    void anUnknownCardIs404LikeGet() {
        ApiClient.Response response = api.delete("/v0/cards/card_nope");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(404);
        assertThat(response.json().get("error").asText()).isEqualTo("Not Found");
        assertThat(response.json().get("message").asText()).isEqualTo("Card card_nope not found");
    }

    @Test
    void aWebAppCardIs404AndStaysActive() {
        ApiClient.Response response = api.delete("/v0/cards/" + WEB_APP);
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Card " + WEB_APP + " not found");
        Authorizations.assertApproved(Authorizations.authorize(api, WEB_APP, 100, "5411"));
    }

    @Test
    void aCardTheKeyCannotSeeIs404AndStaysActive() {
        // lm_key_sandbox_one sees Riverside only; Vaccine orders is Lakeside's
        ApiClient.Response response = api.as("lm_key_sandbox_one").delete("/v0/cards/" + VACCINE);
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Card " + VACCINE + " not found");
        assertThat(api.get("/v0/cards/" + VACCINE).json().get("status").asText()).isEqualTo("active");
    }

    @Test
    void deleteWithoutAnApiKeyIs401AndCancelsNothing() {
        ApiClient.Response response = api.as(null).delete("/v0/cards/" + OFFICE);
        assertThat(response.status()).isEqualTo(401);
        assertThat(api.get("/v0/cards/" + OFFICE).json().get("status").asText()).isEqualTo("active");
    }

    @Test
    void aCancellationShowsInTheStateExportAndResetRestoresTheCard() {
        api.delete("/v0/cards/" + OFFICE);
        JsonNode cards = api.get("/_sandbox/state").json().get("cards");
        String status = null;
        for (JsonNode card : cards) {
            if (card.get("id").asText().equals(OFFICE)) {
                status = card.get("status").asText();
            }
        }
        assertThat(status).isEqualTo("canceled");
        api.post("/_sandbox/reset", Map.of(), null);
        assertThat(api.get("/v0/cards/" + OFFICE).json().get("status").asText()).isEqualTo("active");
    }
}
