package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an insurance payment's ERA may carry beyond paid claims: provider-level adjustments (PLB) that the
 * payment must net to, and claims reversed, corrected or denied, whose statuses the amounts must agree with.
 */
class ProviderAdjustmentsAndClaimStatusesTest extends RemittanceTestBase {

    // ------------------------------------------------------------------ rule 4: provider adjustments (PLB)

    @Test
    void providerAdjustmentsMakeThePaymentTheClaimsMinusWhatIsHeldBackPlusInterest() {
        JsonNode answer = created(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "WO", "reference", "E20250911001", "amount", 5_000),
                Map.of("reason", "L6", "amount", -325)))));
        JsonNode era = answer.get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(15_325);
        assertThat(answer.at("/inbound_ach_transfer/amount").asLong()).isEqualTo(15_325);
        assertThat(era.get("provider_adjustments").toString()).isEqualTo(
                "[{\"reason\":\"WO\",\"reference\":\"E20250911001\",\"amount\":5000},"
                        + "{\"reason\":\"L6\",\"reference\":null,\"amount\":-325}]");

        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        assertThat(segment(x12, "BPR")).startsWith("BPR*I*153.25*C*ACH*");
        assertThat(segment(x12, "PLB")).isEqualTo("PLB*" + NPI + "*20261231*WO:E20250911001*50.00*L6*-3.25~");
        // PLB comes after the last claim, before SE
        List<String> tags = segments(x12).stream().map(s -> s[0].strip()).toList();
        assertThat(tags.subList(tags.indexOf("PLB") - 1, tags.indexOf("PLB") + 2)).containsExactly("DTM", "PLB", "SE");
    }

    @Test
    void anEraWithoutProviderAdjustmentsHasNoSuchField() {
        JsonNode era = created(payment(30_000, 20_000, Map.of())).get("era");
        assertThat(era.has("provider_adjustments")).isFalse();
        assertThat(api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text())
                .doesNotContain("PLB*");
    }

    @Test
    void sevenProviderAdjustmentsAreTwoPlbSegmentsOfSixAndOne() {
        List<Map<String, Object>> adjustments = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            adjustments.add(Map.of("reason", "CS", "reference", "ADJ" + i, "amount", 100 + i));
        }
        JsonNode era = created(payment(30_000, 20_000, Map.of("provider_adjustments", adjustments))).get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(20_000 - 721);
        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        List<String[]> plb = segments(x12).stream().filter(s -> s[0].strip().equals("PLB")).toList();
        assertThat(plb).hasSize(2);
        assertThat(plb.get(0)).hasSize(1 + 2 + 6 * 2);
        assertThat(plb.get(1)).containsExactly("PLB", NPI, "20261231", "CS:ADJ6", "1.06");
    }

    @Test
    void aPaymentThatProviderAdjustmentsBringToZeroOrBelowIs400() {
        assertError(pay(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "WO", "amount", 20_000))))), 400, "Bad Request", List.of(
                "the claims' paid_amount total 20000 minus the provider_adjustments' total 20000 must be positive: it is"
                        + " the ACH credit that pays them (it is 0)"));
        assertError(pay(payment(30_000, 20_000, Map.of("method", "check", "provider_adjustments", List.of(
                Map.of("reason", "FB", "amount", 25_000))))), 400, "Bad Request", List.of(
                "the claims' paid_amount total 20000 minus the provider_adjustments' total 25000 must be positive: it is"
                        + " the check that pays them (it is -5000)"));
    }

    @Test
    void providerAdjustmentsTheX12CannotCarryAre400() {
        assertError(pay(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "ZZ", "amount", 100),
                Map.of("reason", "WO", "reference", "A:B", "amount", 100),
                Map.of("reason", "WO", "amount", 0))))), 400, "Bad Request", List.of(
                "provider_adjustments[0].reason must be one of the following values: L6, WO, FB, 72, CS, J1, IR, 90",
                "provider_adjustments[1].reference must be 1 to 50 characters without * ~ : or ^ (they separate X12"
                        + " segments, elements and components)",
                "provider_adjustments[2].amount must not be 0: a PLB adjustment moves money (positive: held back,"
                        + " negative: added)"));
    }

    // ------------------------------------------------------------------ rule 5: reversed and denied claims

    @Test
    void aReversalTravelsWithItsCorrectedClaimAndThe835CarriesTheirStatusesAndSigns() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-5", "payer_claim_number", "E5", "status", "reversed",
                        "charged_amount", -30_000, "paid_amount", -25_000, "patient_responsibility", -2_000,
                        "adjustments", List.of(Map.of("group", "PR", "reason_code", "2", "amount", -2_000),
                                Map.of("group", "CO", "reason_code", "45", "amount", -3_000))),
                Map.of("patient_control_number", "PCN-5", "payer_claim_number", "E5", "status", "paid",
                        "charged_amount", 30_000, "paid_amount", 27_000, "patient_responsibility", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "45", "amount", 3_000)))));
        JsonNode era = created(body).get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(2_000);
        assertThat(era.at("/claims/0/status").asText()).isEqualTo("reversed");
        assertThat(era.at("/claims/1/status").asText()).isEqualTo("paid");

        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        List<String> clp = x12.lines().filter(l -> l.startsWith("CLP*")).toList();
        assertThat(clp).containsExactly("CLP*PCN-5*22*-300.00*-250.00*-20.00*12*E5~", "CLP*PCN-5*1*300.00*270.00*0.00*12*E5~");
        assertThat(x12).contains("CAS*PR*2*-20.00~").contains("CAS*CO*45*-30.00~");
        assertThat(segment(x12, "BPR")).startsWith("BPR*I*20.00*C*ACH*");
    }

    @Test
    void aReversalAloneTakingMoreThanIsPaidIs400() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(Map.of("patient_control_number", "PCN-6", "status", "reversed",
                "charged_amount", -10_000, "paid_amount", -8_000)));
        assertError(pay(body), 400, "Bad Request", List.of(
                "the claims' paid_amount must sum to a positive amount, the ACH credit that pays them (it is -8000)"));
    }

    @Test
    void aDeniedClaimPaysNothingIsCode4AndHasItsWholeChargeAdjusted() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-D", "payer_claim_number", "ED", "status", "denied",
                        "charged_amount", 9_000, "paid_amount", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))),
                Map.of("patient_control_number", "PCN-P", "payer_claim_number", "EP", "charged_amount", 5_000,
                        "paid_amount", 5_000)));
        JsonNode era = created(body).get("era");
        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        assertThat(x12).contains("CLP*PCN-D*4*90.00*0.00*0.00*12*ED~").contains("CAS*CO*50*90.00~");
    }

    @Test
    void statusesTheAmountsContradictAre400NamingClaimAndRule() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-A", "status", "denied", "charged_amount", 9_000, "paid_amount", 1_000),
                Map.of("patient_control_number", "PCN-B", "status", "reversed", "charged_amount", 9_000, "paid_amount", 9_000),
                Map.of("patient_control_number", "PCN-C", "status", "paid", "charged_amount", -9_000, "paid_amount", -9_000)));
        assertError(pay(body), 400, "Bad Request", List.of(
                "claims[0] (patient_control_number PCN-A) is denied, so it pays 0 and its whole charge is adjusted, but"
                        + " its paid_amount is 1000",
                "claims[1] (patient_control_number PCN-B) is reversed: it takes back an earlier claim with that claim's"
                        + " amounts negated, so its charged_amount must be negative and its paid_amount not positive, but"
                        + " they are 9000 and 9000",
                "claims[2] (patient_control_number PCN-C) is paid, so its paid_amount must not be negative (it is"
                        + " -9000): a payer taking money back sends the claim reversed"));
    }
}
