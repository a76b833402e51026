package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.state.Json;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EraBalanceTest {
    private static Era.Adjustment adjustment(String group, long amount) {
        return new Era.Adjustment(group, "45", "Charge exceeds fee schedule/maximum allowable", amount);
    }

    private static Era.ServiceLine line(long charged, long paid, Era.Adjustment... adjustments) {
        return new Era.ServiceLine("99213", List.of(), charged, paid, 1, List.of(adjustments), List.of());
    }

    private static Era.Claim claim(long charged, long paid, List<Era.Adjustment> adjustments, Era.ServiceLine... lines) {
        return new Era.Claim("PCN-1", "E1", "paid", charged, paid, 0, new Era.Patient("A B", "W1"),
                Instant.parse("2026-02-10T00:00:00Z"), null, adjustments, List.of(lines));
    }

    private static Era era(long amount, Era.Claim... claims) {
        return new Era("era_1", "transaction_1", "entity_1", new Era.Party("AETNA", "1"), new Era.Payee("P", "1234567890"),
                new Era.Payment(amount, "ach", "1", Instant.parse("2026-02-26T00:00:00Z")), List.of(claims),
                Instant.parse("2026-02-26T00:00:00Z"), Instant.parse("2026-02-26T00:00:00Z"));
    }

    @Test
    void everyFixtureEraBalances() {
        try (Sandbox sandbox = Sandbox.start()) {
            JsonNode eras = sandbox.exportState().get("eras");
            assertThat(eras.size()).isGreaterThanOrEqualTo(1);
            for (JsonNode node : eras) {
                Era era = Json.MAPPER.convertValue(node, Era.class);
                assertThat(EraBalance.violations(era)).as(era.id()).isEmpty();
                for (Era.Claim claim : era.claims()) {
                    assertThat(claim.patientResponsibility()).as(era.id() + " " + claim.patientControlNumber())
                            .isEqualTo(EraBalance.patientResponsibility(claim.adjustments(), claim.serviceLines()));
                }
            }
        }
    }

    @Test
    void balancedEraHasNoViolations() {
        Era.Claim claim = claim(30_000, 22_000, List.of(adjustment("OA", 1_000)),
                line(20_000, 15_000, adjustment("CO", 3_000), adjustment("PR", 2_000)),
                line(10_000, 8_000, adjustment("CO", 2_000)));
        assertThat(EraBalance.violations(era(22_000, claim))).isEmpty();
        assertThat(EraBalance.patientResponsibility(claim.adjustments(), claim.serviceLines())).isEqualTo(2_000);
    }

    @Test
    void lineWhoseAdjustmentsDoNotExplainTheDifferenceIsReported() {
        Era.Claim claim = claim(20_000, 15_000, List.of(), line(20_000, 15_000, adjustment("CO", 4_000)));
        assertThat(EraBalance.claimViolations(List.of(claim))).containsExactly(
                "claims[0] (patient_control_number PCN-1) service_lines[0] (procedure_code 99213) does not balance: "
                        + "charged_amount - paid_amount = 20000 - 15000 = 5000, but the line's adjustments sum to 4000",
                "claims[0] (patient_control_number PCN-1) does not balance: charged_amount - paid_amount = 20000 - 15000"
                        + " = 5000, but the claim's adjustments plus its service lines' adjustments sum to 4000");
    }

    @Test
    void claimTotalsThatDisagreeWithBalancedLinesAreReported() {
        Era.Claim claim = claim(20_000, 16_000, List.of(), line(20_000, 15_000, adjustment("CO", 5_000)));
        assertThat(EraBalance.claimViolations(List.of(claim))).containsExactly(
                "claims[0] (patient_control_number PCN-1) does not balance: charged_amount - paid_amount = 20000 - 16000"
                        + " = 4000, but the claim's adjustments plus its service lines' adjustments sum to 5000");
    }

    @Test
    void paymentMustEqualTheClaimsPaidTotal() {
        Era.Claim claim = claim(20_000, 15_000, List.of(), line(20_000, 15_000, adjustment("CO", 5_000)));
        assertThat(EraBalance.violations(era(15_001, claim)))
                .containsExactly("payment.amount 15001 must equal the sum of the claims' paid_amount 15000");
    }
}
