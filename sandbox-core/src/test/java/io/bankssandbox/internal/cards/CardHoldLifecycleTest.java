package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A held card payment over time and in the state: it expires when the clock passes expires_at unless settled or
 * reversed, the list per card is newest first and paged, and holds travel through export, import and reset, an
 * imported one meeting the same rules.
 */
class CardHoldLifecycleTest extends CardHoldsTestBase {

    // ---- expiry --------------------------------------------------------------------------------

    @Test
    void aHoldStillPendingAtExpiresAtExpiresWhenTheClockPassesIt() {
        String id = holdId(OFFICE, 3_000);
        // a second before: still pending (and whatever else the fixtures had waiting has happened)
        assertThat(advanceTo("2026-03-09T14:59:59Z").get("events").toString()).doesNotContain(id);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-10T00:00:00Z");

        assertThat(advanced.get("events")).containsExactly(json(Map.of("type", "card_authorization.expired", "id", id)));
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 3_000, GROCERY, "expired", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("expired_at", "2026-03-09T15:00:00.000Z");
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json()).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available + 3_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertError(settle(id, null), 409, "Conflict",
                "Card authorization " + id + " is expired; only a pending card authorization can be settled");
        assertError(reverse(id), 409, "Conflict",
                "Card authorization " + id + " is expired; only a pending card authorization can be reversed");
    }

    @Test
    void theFixturesPendingHoldIsScheduledAndExpiresAtItsTimeWithTheAdvanceReportingIt() {
        advanceTo("2026-03-06T17:44:59Z");
        assertThat(api.get("/_sandbox/card-authorizations/" + FIXTURE_HOLD).json().get("status").asText())
                .isEqualTo("pending");
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-06T17:45:00Z");

        assertThat(advanced.get("events")).containsExactly(json(Map.of("type", "card_authorization.expired", "id",
                FIXTURE_HOLD)));
        assertThat(api.get("/_sandbox/card-authorizations/" + FIXTURE_HOLD).json().get("expired_at").asText())
                .isEqualTo("2026-03-06T17:45:00.000Z");
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available + 18_640);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
    }

    @Test
    void aSettledOrReversedHoldDoesNotExpire() {
        String settled = holdId(OFFICE, 1_000);
        String reversed = holdId(OFFICE, 1_000);
        settle(settled, null);
        reverse(reversed);
        advanceTo("2026-03-09T14:00:00Z"); // the fixtures' own transitions (and hold) are done by then
        long available = available(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-20T00:00:00Z");

        assertThat(advanced.get("events").toString()).doesNotContain(settled).doesNotContain(reversed);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(api.get("/_sandbox/card-authorizations/" + settled).json().get("status").asText()).isEqualTo("settled");
        assertThat(api.get("/_sandbox/card-authorizations/" + reversed).json().get("status").asText()).isEqualTo("reversed");
    }

    // ---- listing -------------------------------------------------------------------------------

    @Test
    void theListIsNewestFirstPerCardAndPaginated() {
        String first = holdId(OFFICE, 100);
        control.post("/_sandbox/clock/advance", Map.of("by", "PT1M"), null);
        String second = holdId(OFFICE, 200);
        control.post("/_sandbox/clock/advance", Map.of("by", "PT1M"), null);
        String third = holdId(OFFICE, 300);
        String elsewhere = holdId(HARBOR, 400);

        List<String> walked = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get("/_sandbox/card-authorizations?card_id=" + OFFICE + "&limit=2"
                    + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(a -> walked.add(a.get("id").asText()));
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        assertThat(walked).containsExactly(third, second, first, FIXTURE_HOLD);

        JsonNode every = api.get("/_sandbox/card-authorizations").json();
        assertThat(every.get("data")).extracting(a -> a.get("id").asText())
                .containsExactly(elsewhere, third, second, first, FIXTURE_HOLD);
        assertThat(every.get("has_next").asBoolean()).isFalse();
        assertThat(every.get("cursor").isNull()).isTrue();
    }

    @Test
    void theListFiltersByStatus() {
        String settled = holdId(OFFICE, 100);
        settle(settled, null);
        String pending = holdId(OFFICE, 200);

        assertThat(api.get("/_sandbox/card-authorizations?status=pending").json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(pending, FIXTURE_HOLD);
        assertThat(api.get("/_sandbox/card-authorizations?card_id=" + OFFICE + "&status=settled").json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(settled);
        assertError(api.get("/_sandbox/card-authorizations?status=open"), 400, "Bad Request",
                List.of("status must be one of the following values: pending, settled, reversed, expired"));
    }

    @Test
    void theListOfAnUnknownCardIsNotFoundAndOfAWebAppCardIsServed() {
        assertError(api.get("/_sandbox/card-authorizations?card_id=card_nope"), 404, "Not Found",
                "Card card_nope not found");
        String id = holdId(WEB_APP, 500);
        assertThat(api.get("/_sandbox/card-authorizations?card_id=" + WEB_APP).json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(id);
    }

    // ---- state ---------------------------------------------------------------------------------

    @Test
    void holdsAreStateExportedImportedAndReset() {
        String id = holdId(OFFICE, 6_000);
        JsonNode exported = state();
        assertThat(exported.get("card_authorizations")).extracting(a -> a.get("id").asText())
                .containsExactly(id, FIXTURE_HOLD);
        List<String> keys = fieldNames(exported);
        assertThat(keys.indexOf("card_authorizations")).isGreaterThan(keys.indexOf("webhook_deliveries"));

        sandbox.reset();
        assertThat(api.get("/_sandbox/card-authorizations/" + id).status()).isEqualTo(404);

        assertThat(control.put("/_sandbox/state", exported).status()).isEqualTo(200);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
        // the imported hold is on the timeline: it expires at its time
        assertThat(advanceTo("2026-03-09T15:00:00Z").get("events"))
                .contains(json(Map.of("type", "card_authorization.expired", "id", id)));
    }

    @Test
    void anImportedHoldOfAnUnknownCardOrAnotherAccountIsRefusedNamingFileAndField() {
        JsonNode document = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) document.get("card_authorizations").get(0))
                .put("card_id", "card_nope");
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").toString())
                .contains("card_authorizations.json " + FIXTURE_HOLD + "/card_id: unknown card card_nope");

        JsonNode other = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) other.get("card_authorizations").get(0))
                .put("account_id", HARBOR_OPERATING);
        assertThat(control.put("/_sandbox/state", other).json().get("message").toString())
                .contains("card_authorizations.json " + FIXTURE_HOLD + "/account_id: the card draws from "
                        + RIVERSIDE_OPERATING);
    }

    @Test
    void anImportedHoldWhoseFieldsContradictItsStatusIsRefused() {
        JsonNode document = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) document.get("card_authorizations").get(0))
                .put("status", "settled");
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").toString()).contains("card_authorizations.json");
    }
}
