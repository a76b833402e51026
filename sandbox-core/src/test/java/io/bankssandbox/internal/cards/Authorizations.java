package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

/** Simulated card payments and exact checks of their decisions, shared by the card tests. */
final class Authorizations {
    private Authorizations() {}

    static JsonNode authorize(ApiClient api, String cardId, long amount, String mcc) {
        return authorize(api, cardId, Map.of("amount", amount, "merchant_category_code", mcc));
    }

    static JsonNode authorize(ApiClient api, String cardId, Map<String, Object> body) {
        ApiClient.Response response = api.post("/_sandbox/cards/" + cardId + "/authorizations", body, null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    static void assertApproved(JsonNode decision) {
        assertThat(fieldNames(decision)).containsExactlyInAnyOrder("decision", "decline_reason", "limit");
        assertThat(decision.get("decision").asText()).isEqualTo("approved");
        assertThat(decision.get("decline_reason").isNull()).isTrue();
        assertThat(decision.get("limit").isNull()).isTrue();
    }

    static void assertDeclined(JsonNode decision, String reason) {
        assertThat(fieldNames(decision)).containsExactlyInAnyOrder("decision", "decline_reason", "limit");
        assertThat(decision.get("decision").asText()).isEqualTo("declined");
        assertThat(decision.get("decline_reason").asText()).isEqualTo(reason);
        assertThat(decision.get("limit").isNull()).as("limit of a %s decline", reason).isTrue();
    }

    static void assertBreaches(JsonNode decision, String interval, long amount, List<String> mccs) {
        assertThat(fieldNames(decision)).containsExactlyInAnyOrder("decision", "decline_reason", "limit");
        assertThat(decision.get("decision").asText()).isEqualTo("declined");
        assertThat(decision.get("decline_reason").asText()).isEqualTo("breaches_limit");
        JsonNode limit = decision.get("limit");
        assertThat(fieldNames(limit)).containsExactlyInAnyOrder("interval", "amount", "merchant_category_codes");
        assertThat(limit.get("interval").asText()).isEqualTo(interval);
        assertThat(limit.get("amount").asLong()).isEqualTo(amount);
        if (mccs == null) {
            assertThat(limit.get("merchant_category_codes").isNull()).isTrue();
        } else {
            assertThat(StreamSupport.stream(limit.get("merchant_category_codes").spliterator(), false)
                    .map(JsonNode::asText).toList()).isEqualTo(mccs);
        }
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
