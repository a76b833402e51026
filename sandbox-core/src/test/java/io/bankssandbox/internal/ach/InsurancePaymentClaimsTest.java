package io.bankssandbox.internal.ach;

import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertNotFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The claims of an insurance payment: each must balance (charged = paid + adjustments + patient share), the
 * adjustments implied when only amounts are given, and the values an 835 cannot carry, each a 400 naming the claim.
 */
class InsurancePaymentClaimsTest extends InsurancePaymentTestBase {

    @Test
    void unbalancedClaimsAre400NamingTheClaimAndTheEquation() {
        int before = AchWorld.walk(world.api, "", 100).size();
        Map<String, Object> body = Map.of(
                "account_id", operating,
                "payer", Map.of("name", "CIGNA", "id", "1323268215"),
                "claims", List.of(Map.of("patient_control_number", "PCN-9",
                        "charged_amount", 20_000, "paid_amount", 15_000,
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 20_000,
                                "paid_amount", 15_000, "adjustments", List.of(adjustment("CO", "45", 4_000)))))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactly(
                "claims[0] (patient_control_number PCN-9) service_lines[0] (procedure_code 99213) does not balance: "
                        + "charged_amount - paid_amount = 20000 - 15000 = 5000, but the line's adjustments sum to 4000",
                "claims[0] (patient_control_number PCN-9) does not balance: charged_amount - paid_amount = 20000 - 15000"
                        + " = 5000, but the claim's adjustments plus its service lines' adjustments sum to 4000");
        assertThat(AchWorld.walk(world.api, "", 100)).hasSize(before);
    }

    @Test
    void aClaimGivenOnlyItsAmountsIsBalancedWithThePatientsShareAndAFeeScheduleAdjustment() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-6", "charged_amount", 28_000,
                        "paid_amount", 20_500, "patient_responsibility", 2_500)));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        JsonNode claim = response.json().at("/era/claims/0");
        assertThat(claim.get("patient_responsibility").asLong()).isEqualTo(2_500);
        assertThat(claim.get("adjustments")).hasSize(2);
        assertThat(claim.at("/adjustments/0/group").asText()).isEqualTo("PR");
        assertThat(claim.at("/adjustments/0/reason_code").asText()).isEqualTo("2");
        assertThat(claim.at("/adjustments/0/reason").asText()).isEqualTo("Coinsurance amount");
        assertThat(claim.at("/adjustments/0/amount").asLong()).isEqualTo(2_500);
        assertThat(claim.at("/adjustments/1/group").asText()).isEqualTo("CO");
        assertThat(claim.at("/adjustments/1/reason_code").asText()).isEqualTo("45");
        assertThat(claim.at("/adjustments/1/reason").asText()).isEqualTo("Charge exceeds fee schedule/maximum allowable");
        assertThat(claim.at("/adjustments/1/amount").asLong()).isEqualTo(5_000);
        assertThat(claim.get("service_lines")).isEmpty();
    }

    @Test
    void aClaimPaidInFullGetsNoAdjustmentAndOneWithoutAPatientShareOnlyCo45() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(
                        Map.of("patient_control_number", "PCN-F", "charged_amount", 9_000, "paid_amount", 9_000),
                        Map.of("patient_control_number", "PCN-C", "charged_amount", 9_000, "paid_amount", 7_000)));
        JsonNode claims = world.api.post("/_sandbox/insurance-payments", body).json().at("/era/claims");
        assertThat(claims.at("/0/adjustments")).isEmpty();
        assertThat(claims.at("/1/adjustments")).hasSize(1);
        assertThat(claims.at("/1/adjustments/0/group").asText()).isEqualTo("CO");
        assertThat(claims.at("/1/adjustments/0/amount").asLong()).isEqualTo(2_000);
        assertThat(claims.at("/1/patient_responsibility").asLong()).isZero();
    }

    @Test
    void explicitAdjustmentsWinOverTheImpliedOnesAndMustBalance() {
        Map<String, Object> kept = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-E", "charged_amount", 10_000,
                        "paid_amount", 8_000, "patient_responsibility", 500,
                        "adjustments", List.of(adjustment("OA", "23", 1_500), adjustment("PR", "3", 500)))));
        JsonNode claim = world.api.post("/_sandbox/insurance-payments", kept).json().at("/era/claims/0");
        assertThat(claim.get("adjustments")).hasSize(2);
        assertThat(claim.at("/adjustments/0/group").asText()).isEqualTo("OA");
        assertThat(claim.at("/adjustments/1/reason_code").asText()).isEqualTo("3");

        Map<String, Object> unbalanced = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-U", "charged_amount", 10_000,
                        "paid_amount", 8_000, "patient_responsibility", 500,
                        "adjustments", List.of(adjustment("PR", "3", 500)))));
        ApiClient.Response refused = world.api.post("/_sandbox/insurance-payments", unbalanced);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").get(0).asText()).isEqualTo(
                "claims[0] (patient_control_number PCN-U) does not balance: charged_amount - paid_amount = 10000 - 8000"
                        + " = 2000, but the claim's adjustments plus its service lines' adjustments sum to 500");
    }

    /** That a service date exists is its schema's (a pattern of the days each month has): one message, no reading. */
    @Test
    void aServiceDateThatDoesNotExistIsItsSchemas400() {
        for (String day : List.of("2026-02-30", "2025-02-29", "2026-04-31T10:00:00Z", "2026-03-02T10:00:00+19:00")) {
            Map<String, Object> claim = Map.of("patient_control_number", "PCN-D", "charged_amount", 100, "paid_amount", 100,
                    "service_date", day, "service_end_date", day);
            ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                    "payer", Map.of("name", "AETNA", "id", "60054"), "claims", List.of(claim)));
            assertThat(response.status()).as(day).isEqualTo(400);
            assertThat(response.json().get("message").toString()).as(day).isEqualTo("[\"claims[0].service_date must be a date"
                    + " or an ISO 8601 timestamp\",\"claims[0].service_end_date must be null, a date or an ISO 8601 timestamp\"]");
        }
        Map<String, Object> leap = Map.of("patient_control_number", "PCN-L", "charged_amount", 100, "paid_amount", 100,
                "service_date", "2024-02-29", "service_end_date", "2024-03-01T09:30:00-05:00");
        assertThat(world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                "payer", Map.of("name", "AETNA", "id", "60054"), "claims", List.of(leap))).status()).isEqualTo(201);
    }

    @Test
    void valuesThe835CannotCarryAre400() {
        Map<String, Object> claim = Map.of("patient_control_number", "PCN-X", "charged_amount", 100, "paid_amount", 100,
                "patient", Map.of("name", "PAT DOE", "subscriber_id", "W"),
                "service_lines", List.of(Map.of("procedure_code", "99213", "modifiers", List.of("2"),
                        "charged_amount", 100, "paid_amount", 100)),
                "adjustments", List.of(adjustment("CR", "45", 0)));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                "payer", Map.of("name", "AETNA", "id", "X".repeat(51)), "claims", List.of(claim)));
        assertThat(response.status()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactlyInAnyOrder(
                "payer.id must be 1 to 50 characters without * or ~ (the 835 carries it in REF02, at most 50)",
                "claims[0].patient.subscriber_id must be 2 to 80 characters without * or ~ (the 835's NM109 is 2 to 80)",
                "claims[0].service_lines[0].modifiers[0] must be 2 letters or digits, a procedure modifier such as 25",
                "claims[0].adjustments[0].group must be one of the following values: CO, OA, PI, PR");
    }

    @Test
    void claimLevelAdjustmentsCountTowardTheClaimsBalance() {
        Map<String, Object> body = Map.of(
                "account_id", operating,
                "payer", Map.of("name", "CIGNA", "id", "1323268215"),
                "claims", List.of(Map.of("patient_control_number", "PCN-8",
                        "charged_amount", 20_000, "paid_amount", 14_000,
                        "adjustments", List.of(adjustment("OA", "23", 1_000)),
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 20_000,
                                "paid_amount", 15_000, "adjustments", List.of(adjustment("CO", "45", 5_000)))))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        assertThat(response.json().get("inbound_ach_transfer").get("amount").asLong()).isEqualTo(14_000);
    }

    @Test
    void entityWithoutAnNpiCannotBeAnErasPayee() {
        String harbor = world.accountId(AchWorld.HARBOR_OPERATING);
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", payment(harbor));
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText()).contains("has no NPI");
    }

    @Test
    void claimsPayingNothingAre400() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "CIGNA", "id", "1"),
                "claims", List.of(Map.of("patient_control_number", "PCN-7", "charged_amount", 100, "paid_amount", 0,
                        "adjustments", List.of(adjustment("CO", "50", 100)))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText())
                .startsWith("the claims' paid_amount must sum to a positive amount");
    }

    @Test
    void malformedPaymentsAre400AndUnknownAccount404() {
        ApiClient.Response noClaims = world.api.post("/_sandbox/insurance-payments",
                Map.of("account_id", operating, "payer", Map.of("name", "CIGNA", "id", "1"), "claims", List.of()));
        assertThat(noClaims.status()).isEqualTo(400);
        assertThat(noClaims.json().get("message").get(0).asText()).isEqualTo("claims must contain at least 1 elements");
        ApiClient.Response separator = world.api.post("/_sandbox/insurance-payments",
                Map.of("account_id", operating, "payer", Map.of("name", "CIG*NA", "id", "1"),
                        "claims", List.of(Map.of("patient_control_number", "P", "charged_amount", 1, "paid_amount", 1))));
        assertThat(separator.status()).isEqualTo(400);
        assertThat(separator.json().get("message").get(0).asText())
                .isEqualTo("payer.name must be 1 to 60 characters without * or ~ (they separate X12 segments)");
        assertNotFound(world.api.post("/_sandbox/insurance-payments", payment("account_nope")),
                "Account account_nope not found");
    }
}
