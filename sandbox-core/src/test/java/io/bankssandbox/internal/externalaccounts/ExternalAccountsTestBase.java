package io.bankssandbox.internal.externalaccounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.provider.Arguments;

/** What the external account tests share: the fixture entities, a body every rule accepts, and list and error readers. */
abstract class ExternalAccountsTestBase extends SandboxTestBase {
    String riverside;
    String lakeside;
    String summit;

    @BeforeAll
    void prepare() {
        riverside = entityNamed("Riverside Family Medicine, P.C.");
        lakeside = entityNamed("Lakeside Pediatrics, PLLC");
        summit = entityNamed("Summit Physical Therapy LLC");
    }

    String entityNamed(String name) {
        for (JsonNode entity : api.get("/v0/entities?limit=100").json().get("data")) {
            if (entity.get("name").asText().equals(name)) {
                return entity.get("id").asText();
            }
        }
        throw new AssertionError("no entity " + name + " in the default fixtures");
    }

    /** A request every rule accepts. */
    ObjectNode validBody(String entityId) {
        ObjectNode body = Json.MAPPER.createObjectNode()
                .put("entity_id", entityId)
                .put("nickname", "Medline supplies")
                .put("holder_type", "business")
                .put("routing_number", "021000021")
                .put("account_number", "4471002231")
                .put("holder_name", "Medline Industries, LP");
        body.putObject("holder_address")
                .put("line1", "200 Vendor Pkwy")
                .put("line2", "Suite 4")
                .put("city", "Chicago")
                .put("state", "IL")
                .put("postal_code", "60601")
                .put("country", "US");
        return body;
    }

    Stream<Arguments> requiredFields() {
        return Stream.of(
                Arguments.of("entity_id", "entity_id should not be empty"),
                Arguments.of("nickname", "nickname should not be empty"),
                Arguments.of("holder_type", "holder_type should not be empty"),
                Arguments.of("routing_number", "routing_number should not be empty"),
                Arguments.of("account_number", "account_number should not be empty"),
                Arguments.of("holder_name", "holder_name should not be empty"),
                Arguments.of("holder_address", "holder_address should not be empty"),
                Arguments.of("holder_address.line1", "holder_address.line1 should not be empty"),
                Arguments.of("holder_address.city", "holder_address.city should not be empty"),
                Arguments.of("holder_address.state", "holder_address.state should not be empty"),
                Arguments.of("holder_address.postal_code", "holder_address.postal_code should not be empty"),
                Arguments.of("holder_address.country", "holder_address.country should not be empty"));
    }

    Stream<Arguments> brokenRules() {
        return Stream.of(
                Arguments.of("routing_number", "021000022",
                        "routing_number must be a valid ABA routing number: 021000022 fails the check-digit test"),
                Arguments.of("routing_number", "02100002", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("routing_number", "0210000211", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("routing_number", "02100002a", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("account_number", "12345abc", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "123", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "123456789012345678", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "1234-5678", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("holder_type", "llc", "holder_type must be one of the following values: business, individual"),
                Arguments.of("nickname", "", "nickname should not be empty"),
                Arguments.of("holder_name", "", "holder_name should not be empty"),
                Arguments.of("holder_name", "x".repeat(101), "holder_name must be shorter than or equal to 100 characters"),
                Arguments.of("holder_address.line1", "", "holder_address.line1 should not be empty"),
                Arguments.of("holder_address.state", "ZZ",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.state", "ca",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.state", "California",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.postal_code", "6060",
                        "holder_address.postal_code must be a US ZIP code: 5 digits, or ZIP+4 such as 94105-1234"),
                Arguments.of("holder_address.country", "CA",
                        "holder_address.country must be US: only US addresses are supported"));
    }

    // ------------------------------------------------------------------ helpers

    /** Every page of a listing, following cursors; checks each envelope. */
    List<JsonNode> listAll(String query, int limit) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 1000; pages++) {
            String path = "/v0/external-accounts?limit=" + limit + (query.isEmpty() ? "" : "&" + query)
                    + (cursor == null ? "" : "&cursor=" + cursor);
            ApiClient.Response response = api.get(path);
            assertThat(response.status()).as(response.toString()).isEqualTo(200);
            JsonNode page = response.json();
            assertThat(page.get("data").size()).isLessThanOrEqualTo(limit);
            page.get("data").forEach(all::add);
            if (!page.get("has_next").asBoolean()) {
                assertThat(page.get("cursor").isNull()).isTrue();
                return all;
            }
            assertThat(page.get("data").size()).isEqualTo(limit);
            cursor = page.get("cursor").asText();
        }
        throw new AssertionError("the listing never ended");
    }

    /** The vendor's external-account error: exactly one key, {@code error}; its sentence when given. */
    void assertSimpleError(ApiClient.Response response, int status, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        JsonNode body = response.json();
        assertThat(fieldNames(body)).as(response.toString()).containsExactly("error");
        assertThat(body.get("error").isTextual()).isTrue();
        assertThat(body.get("error").asText()).isNotBlank();
        if (message != null) {
            assertThat(body.get("error").asText()).isEqualTo(message);
        }
    }

    static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
