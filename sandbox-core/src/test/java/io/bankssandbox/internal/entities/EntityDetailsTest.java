package io.bankssandbox.internal.entities;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

class EntityDetailsTest extends SandboxTestBase {

    @Test
    void getEntityAnswersTheSameObjectAsTheList() {
        for (JsonNode listed : fixtures.entities()) {
            ApiClient.Response one = api.get("/v0/entities/" + listed.get("id").asText());
            assertThat(one.status()).isEqualTo(200);
            assertThat(one.json()).isEqualTo(listed);
        }
    }

    @Test
    void unknownEntityIs404InTheNestShape() {
        ApiClient.Response response = api.get("/v0/entities/entity_nope");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Entity entity_nope not found");
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(404);
        assertThat(response.json().get("error").asText()).isEqualTo("Not Found");
    }

    @Test
    void anEntityTheKeyCannotSeeIs404AndItsOwnIs200() {
        ApiClient one = api.as(LiveFixtures.ONE);
        assertThat(one.get("/v0/entities/" + fixtures.riverside()).status()).isEqualTo(200);
        ApiClient.Response hidden = one.get("/v0/entities/" + fixtures.lakeside());
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Entity " + fixtures.lakeside() + " not found");
        assertThat(one.get("/v0/entities/" + fixtures.lakeside() + "/lockbox").status()).isEqualTo(404);
    }

    @Test
    void withoutAnApiKeyItIs401() {
        ApiClient anonymous = api.as(null);
        assertThat(anonymous.get("/v0/entities/" + fixtures.riverside()).status()).isEqualTo(401);
        assertThat(anonymous.get("/v0/entities/" + fixtures.riverside() + "/lockbox").status()).isEqualTo(401);
    }

    @Test
    void lockboxIsTheProvidersMailingAddress() {
        ApiClient.Response response = api.get("/v0/entities/" + fixtures.riverside() + "/lockbox");
        assertThat(response.status()).isEqualTo(200);
        JsonNode lockbox = response.json();
        List<String> fields = fieldNames(lockbox);
        assertThat(fields).containsExactly("recipient_name", "line1", "line2", "city", "state", "postalCode");
        assertThat(lockbox.get("recipient_name").asText()).isEqualTo(fixtures.entities().get(0).get("name").asText());
        assertThat(lockbox.get("line1").asText()).startsWith("PO Box ");
    }

    @Test
    void entityWithoutALockboxIs404() {
        JsonNode harbor = fixtures.entities().get(2);
        assertThat(harbor.get("npi").isNull()).isTrue();
        ApiClient.Response response = api.get("/v0/entities/" + fixtures.harbor() + "/lockbox");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Lockbox of entity " + fixtures.harbor() + " not found");
    }

    /** Field names of an object, in order. */
    static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
