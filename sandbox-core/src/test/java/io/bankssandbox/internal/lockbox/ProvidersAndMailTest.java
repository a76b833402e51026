package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import org.junit.jupiter.api.Test;
class ProvidersAndMailTest extends ProvidersAndMailTestBase {

    // ------------------------------------------------------------------ providers

    @Test
    void providerIsTheEntityWithItsLockboxAddress() {
        ApiClient.Response response = api.get("/v0/providers/" + riverside);

        assertThat(response.status()).isEqualTo(200);
        JsonNode provider = response.json();
        assertThat(fieldNames(provider)).containsExactlyInAnyOrder("id", "name", "structure", "npi", "lockbox_address");
        assertThat(provider.get("id").asText()).isEqualTo(riverside);
        assertThat(provider.get("name").asText()).isEqualTo("Riverside Family Medicine, P.C.");
        assertThat(provider.get("structure").asText()).isEqualTo("professional_corporation");
        assertThat(provider.get("npi").asText()).matches("\\d{10}");
        JsonNode lockbox = provider.get("lockbox_address");
        assertThat(fieldNames(lockbox)).containsExactlyInAnyOrder("recipient_name", "line1", "line2", "city", "state",
                "postalCode");
        assertThat(lockbox.get("recipient_name").asText()).isEqualTo("Riverside Family Medicine, P.C.");
        assertThat(lockbox.get("line1").asText()).startsWith("PO Box ");
    }

    @Test
    void unknownProviderIsNotFound() {
        assertNotFound(api.get("/v0/providers/entity_doesnotexist"), "Provider entity_doesnotexist not found");
        assertNotFound(api.get("/v0/providers/entity_doesnotexist/mail"), "Provider entity_doesnotexist not found");
    }

    @Test
    void entityWithoutNpiIsNotAProvider() {
        assertThat(api.get("/v0/entities?limit=100").json().get("data").findValues("id").stream()
                .map(JsonNode::asText)).contains(harbor);
        assertNotFound(api.get("/v0/providers/" + harbor), "Provider " + harbor + " not found");
        assertNotFound(api.get("/v0/providers/" + harbor + "/mail"), "Provider " + harbor + " not found");
    }

    @Test
    void providerTheKeyCannotSeeIsNotFound() {
        ApiClient one = api.as("lm_key_sandbox_one");
        assertThat(one.get("/v0/providers/" + riverside).status()).isEqualTo(200);
        assertNotFound(one.get("/v0/providers/" + lakeside), "Provider " + lakeside + " not found");
        assertNotFound(one.get("/v0/providers/" + lakeside + "/mail"), "Provider " + lakeside + " not found");
    }

    @Test
    void providerRoutesNeedAnApiKey() {
        ApiClient anonymous = api.as(null);
        assertThat(anonymous.get("/v0/providers/" + riverside).status()).isEqualTo(401);
        assertThat(anonymous.get("/v0/providers/" + riverside + "/mail").status()).isEqualTo(401);
    }
}
