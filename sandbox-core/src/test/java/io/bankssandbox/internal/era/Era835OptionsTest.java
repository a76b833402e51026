package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every option an ERA's claims can take, alone and together, written as X12 835 and parsed back to the same amounts. */
class Era835OptionsTest extends Era835TestBase {

    @Test
    void moreThanSixAdjustmentsOfOneGroupSpreadOverSeveralCasSegments() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        List<Map<String, Object>> adjustments = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            adjustments.add(Map.of("group", "CO", "reason_code", String.valueOf(45 + i), "amount", 100 + i));
        }
        long adjusted = adjustments.stream().mapToLong(a -> ((Number) a.get("amount")).longValue()).sum();
        JsonNode era = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(),
                "payer", Map.of("name", "CIGNA", "id", "1590000000"),
                "claims", List.of(Map.of("patient_control_number", "PCN-CAS", "charged_amount", 10_000 + adjusted,
                        "paid_amount", 10_000, "patient", Map.of("name", "PAT SMITH", "subscriber_id", "C1"),
                        "service_date", "2026-02-25",
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 10_000 + adjusted,
                                "paid_amount", 10_000, "adjustments", adjustments)))))).json().get("era");
        ((com.fasterxml.jackson.databind.node.ObjectNode) era).put("entity_id", fixtures.riverside());
        assertRoundTrip(api, era);
        List<Segment> cas = parse(api.get("/v0/remittances/" + remittanceId(era) + "/era").text()).stream()
                .filter(s -> s.tag().equals("CAS")).toList();
        assertThat(cas).hasSize(2);
        assertThat(cas.get(0).elements()).hasSize(1 + 6 * 3 - 1);
        assertThat(cas).allSatisfy(s -> assertThat(s.get(1)).isEqualTo("CO"));
    }

    /**
     * Every option together, each with the others: ACH or check, with and without either delay, with and
     * without PLB (interest added, an overpayment held back, more than six), claims paid, denied and a
     * reversal with its correction. Once the clock has brought every half, each ERA the remittance
     * listing shows parses back into the amounts of its JSON.
     */
    @Test
    void everyCombinationOfTheOptionsParsesBackToTheSameAmounts() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        List<Map<String, Object>> claims = List.of(
                Map.of("patient_control_number", "PCN-R", "payer_claim_number", "E900", "status", "reversed",
                        "charged_amount", -20_000, "paid_amount", -16_000,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "45", "amount", -4_000))),
                Map.of("patient_control_number", "PCN-R", "payer_claim_number", "E900", "charged_amount", 20_000,
                        "paid_amount", 17_500, "patient", Map.of("name", "ROBIN LEE", "subscriber_id", "W9"),
                        "service_lines", List.of(Map.of("procedure_code", "99214", "charged_amount", 20_000,
                                "paid_amount", 17_500, "adjustments", List.of(
                                        Map.of("group", "CO", "reason_code", "45", "amount", 1_500),
                                        Map.of("group", "PR", "reason_code", "2", "amount", 1_000))))),
                Map.of("patient_control_number", "PCN-D", "status", "denied", "charged_amount", 9_000, "paid_amount", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))),
                Map.of("patient_control_number", "PCN-P", "charged_amount", 30_000, "paid_amount", 24_000,
                        "patient_responsibility", 2_000));
        List<List<Map<String, Object>>> plbs = new ArrayList<>();
        plbs.add(List.of());
        plbs.add(List.of(Map.of("reason", "L6", "amount", -412), Map.of("reason", "WO", "reference", "E100", "amount", 3_000)));
        List<Map<String, Object>> many = new ArrayList<>();
        for (String reason : List.of("L6", "WO", "FB", "72", "CS", "J1", "IR", "90")) {
            many.add(Map.of("reason", reason, "reference", "REF-" + reason, "amount", reason.equals("L6") ? -100 : 100));
        }
        plbs.add(many);
        List<String> eraIds = new ArrayList<>();
        for (String method : List.of("ach", "check")) {
            for (String eraDelay : new String[] {null, "P1D"}) {
                for (String paymentDelay : method.equals("ach") ? new String[] {null, "PT12H"} : new String[] {null}) {
                    for (List<Map<String, Object>> plb : plbs) {
                        Map<String, Object> body = new java.util.LinkedHashMap<>();
                        body.put("account_id", fixtures.riversideOperating());
                        body.put("payer", Map.of("name", "MEDICARE PART B", "id", "MCR01"));
                        body.put("claims", claims);
                        body.put("method", method);
                        if (eraDelay != null) {
                            body.put("era_delay", eraDelay);
                        }
                        if (paymentDelay != null) {
                            body.put("payment_delay", paymentDelay);
                        }
                        if (!plb.isEmpty()) {
                            body.put("provider_adjustments", plb);
                        }
                        ApiClient.Response created = control.post("/_sandbox/insurance-payments", body);
                        assertThat(created.status()).as(created.toString()).isEqualTo(201);
                        eraIds.add(created.json().at("/era/id").asText());
                    }
                }
            }
        }
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", "P3D")).status()).isEqualTo(200);
        int read = 0;
        for (JsonNode era : state().get("eras")) {
            if (eraIds.contains(era.get("id").asText())) {
                assertThat(era.get("received_at").isNull()).as("received by now: %s", era).isFalse();
                JsonNode shown = api.get("/v0/remittances?entity_id=" + era.get("entity_id").asText() + "&limit=100").json();
                assertThat(shown.get("data").findValuesAsText("id")).contains(remittanceId(era));
                assertRoundTrip(api, era);
                read++;
            }
        }
        assertThat(read).isEqualTo(eraIds.size()).isEqualTo(2 * 2 * 3 + 2 * 3); // ACH: era delay x payment delay x PLB; check: era delay x PLB
    }
}
