package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link InsurancePayment.Builder} and {@link InsurancePayment.ClaimBuilder} build what a test creates in a few readable lines, with
 * {@code long} cents ({@code 30_00}); what they build is what the sandbox receives, balanced by the
 * sandbox when only amounts are given and refused as the control API refuses it otherwise.
 */
class InsurancePaymentBuildersTest extends SandboxTestBase {

    @Test
    void aClaimOfAmountsOnlyIsBalancedWithThePatientsShareAndCo45() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(sandbox.accounts().named("Riverside Operating").id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-1001", 30_00, 25_00).patient("DOE", "JANE").subscriberId("W123456789").patientResponsibility(3_00)));

        assertThat(payment.inboundAchTransfer().amount()).isEqualTo(25_00);
        Era.Claim claim = payment.era().claims().get(0);
        assertThat(claim.patientControlNumber()).isEqualTo("PCN-1001");
        assertThat(claim.patient()).isEqualTo(new Era.Patient("JANE DOE", "W123456789"));
        assertThat(claim.status()).isEqualTo("paid");
        assertThat(claim.patientResponsibility()).isEqualTo(3_00);
        assertThat(claim.adjustments()).extracting(Era.Adjustment::group, Era.Adjustment::reasonCode, Era.Adjustment::amount)
                .containsExactly(tuple("PR", "2", 3_00L), tuple("CO", "45", 2_00L));
        assertThat(payment.era().payer()).isEqualTo(new Era.Party("AETNA", "60054"));
    }

    @Test
    void everyFieldOfTheBuildersReachesTheEra() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(sandbox.accounts().named("Riverside Operating").id())
                .from("BLUE CROSS", "940360524")
                .claim(InsurancePayment.claim("PCN-2", 500_00, 320_00).payerClaimNumber("E777").status("paid")
                        .patient("ROE", "RICHARD")
                        .serviceDates(LocalDate.of(2026, 2, 10), LocalDate.of(2026, 2, 12))
                        .serviceLine(InsurancePayment.line("99213", 500_00, 320_00).modifiers("25").units(2)
                                .adjustment("CO", "45", 100_00).adjustment("PR", "1", 80_00).remarkCodes("N130")))
                .build());

        Era.Claim claim = payment.era().claims().get(0);
        assertThat(claim.payerClaimNumber()).isEqualTo("E777");
        assertThat(claim.serviceDate()).isEqualTo(LocalDate.of(2026, 2, 10));
        assertThat(claim.serviceEndDate()).isEqualTo(LocalDate.of(2026, 2, 12));
        assertThat(claim.patientResponsibility()).isEqualTo(80_00); // the PR adjustments, as none was given
        assertThat(claim.adjustments()).isEmpty();
        Era.ServiceLine line = claim.serviceLines().get(0);
        assertThat(line).extracting(Era.ServiceLine::procedureCode, Era.ServiceLine::modifiers, Era.ServiceLine::units,
                        Era.ServiceLine::chargedAmount, Era.ServiceLine::paidAmount, Era.ServiceLine::remarkCodes)
                .containsExactly("99213", List.of("25"), 2L, 500_00L, 320_00L, List.of("N130"));
        assertThat(line.adjustments()).extracting(Era.Adjustment::group, Era.Adjustment::reasonCode, Era.Adjustment::amount)
                .containsExactly(tuple("CO", "45", 100_00L), tuple("PR", "1", 80_00L));
    }

    @Test
    void aServiceDateAloneAndADeniedClaimKeepWhatTheyAreGiven() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(sandbox.accounts().named("Riverside Operating").id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-3", 90_00, 90_00).serviceDate(LocalDate.of(2026, 2, 20)))
                .claim(InsurancePayment.claim("PCN-4", 40_00, 0)
                        .adjustment("CO", "50", 40_00)));

        assertThat(payment.era().claims()).extracting(Era.Claim::status).containsExactly("paid", "denied");
        assertThat(payment.era().claims().get(0).serviceDate()).isEqualTo(LocalDate.of(2026, 2, 20));
    }

    @Test
    void aBuiltClaimThatDoesNotBalanceIsRefusedAsTheControlApiRefusesIt() {
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(InsurancePayment.into(sandbox.accounts().named("Riverside Operating").id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-5", 100_00, 60_00)
                        .adjustment("CO", "45", 10_00))))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.messages()).anySatisfy(m -> assertThat(m).contains("does not balance"));
                });
    }

    @Test
    void aClaimWithoutItsPatientControlNumberIsTheSchemas400() {
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(InsurancePayment.into(sandbox.accounts().named("Riverside Operating").id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim(null, 10_00, 10_00))))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.messages()).anySatisfy(m -> assertThat(m).contains("patient_control_number"));
                });
    }
}
