package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every 835 the sandbox serves is read back with StAEDI, independently of the code that wrote it,
 * validated against the 005010X221A1 implementation schema, and must carry the same payer, payee,
 * trace, claims and amounts as the ERA it was built from.
 */
class Era835Test extends Era835TestBase {

    @Test
    void everyFixtureEraParsesBackToTheSameRemittance() throws Exception {
        JsonNode eras = state().get("eras");
        assertThat(eras.size()).isGreaterThan(10);
        for (JsonNode era : eras) {
            assertRoundTrip(api, era);
        }
    }

    @Test
    void anEraCreatedByAnInsurancePaymentParsesBackToo() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        ApiClient.Response created = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(),
                "payer", Map.of("name", "ACME: HEALTH^PLAN WEST", "id", "1413791217"),
                "claims", List.of(
                        Map.of("patient_control_number", "PCN-1", "charged_amount", 25_000, "paid_amount", 18_000,
                                "patient", Map.of("name", "JORDAN ELLIS", "subscriber_id", "W1"),
                                "service_date", "2026-02-20",
                                "service_lines", List.of(Map.of("procedure_code", "99214", "modifiers", List.of("25", "59"),
                                        "charged_amount", 25_000, "paid_amount", 18_000, "remark_codes", List.of("N130", "M25"),
                                        "adjustments", List.of(
                                                Map.of("group", "CO", "reason_code", "45", "amount", 5_000),
                                                Map.of("group", "PR", "reason_code", "2", "amount", 2_000))))),
                        Map.of("patient_control_number", "PCN-2", "charged_amount", 9_000, "paid_amount", 0,
                                "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))))));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode era = created.json().get("era");
        ((com.fasterxml.jackson.databind.node.ObjectNode) era).put("entity_id", fixtures.riverside());
        assertRoundTrip(api, era);
        String x12 = api.get("/v0/remittances/" + remittanceId(era) + "/era").text();
        assertThat(x12).contains("N1*PR*ACME  HEALTH PLAN WEST~").contains("SVC*HC:99214:25:59*250.00*180.00**1~")
                .contains("LQ*HE*N130~").contains("LQ*HE*M25~");
    }

    @Test
    void theSameEraAlwaysGivesTheSameText() {
        String id = remittanceId(state().get("eras").get(0));
        assertThat(api.get("/v0/remittances/" + id + "/era").text()).isEqualTo(api.get("/v0/remittances/" + id + "/era").text());
    }

    @Test
    void unknownOrInvisibleRemittanceHasNoEra() {
        ApiClient.Response unknown = api.get("/v0/remittances/remittance_nope/era");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Remittance remittance_nope not found");
        JsonNode eraId = state().get("eras").get(0).get("id");
        assertThat(api.get("/v0/remittances/" + eraId.asText() + "/era").status()).as("an era_ id is not a remittance id")
                .isEqualTo(404);
        String lakeside = LiveFixtures.read(api).lakeside();
        for (JsonNode era : state().get("eras")) {
            if (era.get("entity_id").asText().equals(lakeside)) {
                assertThat(api.as(ONE).get("/v0/remittances/" + remittanceId(era) + "/era").status()).isEqualTo(404);
                assertThat(api.get("/v0/remittances/" + remittanceId(era) + "/era").status()).isEqualTo(200);
            }
        }
        assertThat(api.as(null).get("/v0/remittances/" + remittanceId(state().get("eras").get(0)) + "/era").status())
                .isEqualTo(401);
    }
}
