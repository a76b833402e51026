package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the tests of insurance payments as payers send them share: a payment's body, the calls that
 * create and advance, and readers of remittances, events and the 835.
 */
abstract class RemittanceTestBase extends SandboxTestBase {
    static final Instant START = Instant.parse("2026-03-02T15:00:00Z");
    static final String NPI = "1093429227";

    /** A payment into Riverside Operating of one claim paying {@code paid} of {@code charged}, with {@code extra} fields. */
    Map<String, Object> payment(long charged, long paid, Map<String, Object> extra) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("account_id", fixtures.riversideOperating());
        body.put("payer", Map.of("name", "CIGNA", "id", "62308"));
        body.put("claims", List.of(Map.of("patient_control_number", "PCN-77", "charged_amount", charged,
                "paid_amount", paid, "patient", Map.of("name", "DANA WHITE", "subscriber_id", "U7781"))));
        body.putAll(extra);
        return body;
    }

    ApiClient.Response pay(Map<String, Object> body) {
        return control.post("/_sandbox/insurance-payments", body);
    }

    JsonNode created(Map<String, Object> body) {
        ApiClient.Response response = pay(body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    JsonNode advance(String by) {
        ApiClient.Response response = control.post("/_sandbox/clock/advance", Map.of("by", by));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    static List<String> events(JsonNode advanced) {
        List<String> events = new ArrayList<>();
        advanced.get("events").forEach(e -> events.add(e.get("type").asText() + " " + e.get("id").asText()));
        return events;
    }

    JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    List<JsonNode> remittancesOfRiverside() {
        return LiveFixtures.allPages(api, "/v0/remittances?entity_id=" + fixtures.riverside(), 100);
    }

    JsonNode remittanceOf(String eraId) {
        String id = "remittance_" + eraId.substring("era_".length());
        return remittancesOfRiverside().stream().filter(r -> r.get("id").asText().equals(id)).findFirst().orElse(null);
    }

    static String remittanceId(String eraId) {
        return "remittance_" + eraId.substring("era_".length());
    }

    static List<String> messages(ApiClient.Response response) {
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        return messages;
    }

    static void assertError(ApiClient.Response response, int status, String error, Object message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", status, "error", error,
                "message", message)));
    }

    int inboundTransfers() {
        return LiveFixtures.allPages(api, "/v0/inbound-ach-transfers", 100).size();
    }

    /** Segments of an 835, split on the terminator, each its elements. */
    static List<String[]> segments(String x12) {
        List<String[]> segments = new ArrayList<>();
        for (String segment : x12.split("~")) {
            if (!segment.isBlank()) {
                segments.add(segment.strip().split("\\*", -1));
            }
        }
        return segments;
    }

    static String segment(String x12, String tag) {
        return x12.lines().filter(l -> l.startsWith(tag + "*")).findFirst().orElseThrow();
    }

    static final String AT_MOST_A_YEAR = "{field} must be at most P365D, written as days (P2D), hours (PT36H), minutes,"
            + " seconds, or days with less than a day more (P1DT12H)";
}
