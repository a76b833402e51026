package io.bankssandbox.internal.entities;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EntitiesTest extends SandboxTestBase {

    @Test
    void listDefaultsToTwentyPerPageWithACursor() {
        JsonNode page = api.get("/v0/entities").json();
        assertThat(page.get("data")).hasSize(20);
        assertThat(page.get("has_next").asBoolean()).isTrue();
        assertThat(page.get("cursor").asText()).isNotBlank();
    }

    @Test
    void entityHasExactlyTheDocumentedFields() {
        JsonNode entity = api.get("/v0/entities?limit=1").json().get("data").get(0);
        List<String> fields = new ArrayList<>();
        entity.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("id", "created_at", "name", "structure", "npi", "address");
        List<String> address = new ArrayList<>();
        entity.get("address").fieldNames().forEachRemaining(address::add);
        assertThat(address).containsExactly("line1", "line2", "city", "state", "postalCode");
    }

    @Test
    void walkingEveryPageYieldsEachEntityOnceInOrder() {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = api.get("/v0/entities?limit=5" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(e -> seen.add(e.get("id").asText()));
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
            if (cursor == null) {
                assertThat(page.get("cursor").isNull()).isTrue();
            }
            pages++;
        } while (cursor != null);
        List<String> expected = new ArrayList<>();
        state().get("entities").forEach(e -> expected.add(e.get("id").asText()));
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(pages).isEqualTo(5);
    }

    @Test
    void limitOfOneHundredIsAllowed() {
        JsonNode page = api.get("/v0/entities?limit=100").json();
        assertThat(page.get("data")).hasSize(24);
        assertThat(page.get("has_next").asBoolean()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "1.5", ""})
    void limitOutOfRangeOrNotAnIntegerIsABadRequest(String limit) {
        ApiClient.Response response = api.get("/v0/entities?limit=" + limit);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("error").asText()).isEqualTo("Bad Request");
        assertThat(response.json().get("message").isArray()).isTrue();
        assertThat(response.json().get("message").get(0).asText()).startsWith("limit ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not-a-cursor", "MTIzNA", "eyJpZCI6MX0"})
    void cursorNotIssuedBySandboxIsABadRequest(String cursor) {
        ApiClient.Response response = api.get("/v0/entities?cursor=" + cursor);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText()).contains("cursor");
    }
}
