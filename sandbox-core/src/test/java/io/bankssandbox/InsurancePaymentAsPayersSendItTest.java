package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The typed handle's insurance payments as payers send them: {@code byCheck}, {@code eraDelay},
 * {@code paymentDelay}, {@code providerAdjustment} and the claim statuses reach the operation the
 * control route calls, with its rules and refusals (status and messages as the route answers).
 */
class InsurancePaymentAsPayersSendItTest extends SandboxTestBase {

    private InsurancePayment.Builder aPayment() {
        return aPaymentInto(fixtures.riversideOperating());
    }

    private static InsurancePayment.Builder aPaymentInto(String accountId) {
        return InsurancePayment.into(accountId).from("CIGNA", "62308")
                .claim(InsurancePayment.claim("PCN-1", 300_00, 240_00).patient("WHITE", "DANA"));
    }

    @Test
    void byCheckTheCheckArrivesInTheLockboxAndItsDepositLeadsToTheEra() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(aPayment().byCheck());

        assertThat(payment.inboundAchTransfer()).isNull();
        MailItem.Check check = payment.mailItem().checks().get(0);
        assertThat(payment.mailItem().providerId()).isEqualTo(fixtures.riverside());
        assertThat(check.status()).isEqualTo(CheckDeposit.SUBMITTED);
        assertThat(check.amount()).isEqualTo(240_00);
        assertThat(check.micr().serialNumber()).isEqualTo(payment.era().payment().checkNumber());
        assertThat(payment.era().payment().method()).isEqualTo(Era.Payment.CHECK);
        assertThat(payment.era().transactionId()).isEqualTo(check.transactionId());
        assertThat(sandbox.eras().ofTransaction(check.transactionId())).isEqualTo(payment.era());
        assertThat(sandbox.lockbox().mail(fixtures.riverside())).contains(payment.mailItem());
    }

    @Test
    void byCheckToAnEntityWithoutALockboxIsThe409TheRouteAnswers() {
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(aPaymentInto(fixtures.harborOperating())
                .byCheck()))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.messages()).containsExactly("Account " + fixtures.harborOperating()
                            + " belongs to entity " + fixtures.harbor() + ", which has no lockbox: a payment by check is"
                            + " mailed to the payee's lockbox");
                });
    }

    @Test
    void anEraDelayKeepsTheEraFromEveryReadUntilTheClockBringsIt() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(aPayment().byCheck()
                .eraDelay(Duration.ofDays(2)));
        String transactionId = payment.mailItem().checks().get(0).transactionId();

        assertThatThrownBy(() -> sandbox.eras().ofTransaction(transactionId))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThat(sandbox.eras().remittances(fixtures.riverside())).noneMatch(r -> transactionId.equals(r.transactionId()));

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofDays(2));

        assertThat(events).contains(new ClockEvent(ClockEvent.ERA_RECEIVED, payment.era().id()));
        assertThat(sandbox.eras().ofTransaction(transactionId)).isEqualTo(payment.era());
        Remittance remittance = sandbox.eras().remittances(fixtures.riverside()).get(0);
        assertThat(remittance.transactionId()).isEqualTo(transactionId);
        assertThat(remittance.receivedAt()).isEqualTo(Instant.parse("2026-03-04T15:00:00Z"));
    }

    @Test
    void aPaymentDelaySendsTheEraFirstAndTheCreditLater() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(aPayment()
                .paymentDelay(Duration.ofDays(2)));

        assertThat(payment.inboundAchTransfer()).isNull();
        assertThat(payment.mailItem()).isNull();
        Remittance waiting = sandbox.eras().remittances(fixtures.riverside()).get(0);
        assertThat(waiting.payment().traceNumber()).isEqualTo(payment.era().payment().checkNumber());
        assertThat(waiting.transactionId()).isNull();

        List<ClockEvent> arrived = sandbox.clock().advance(Duration.ofDays(2));
        InboundAchTransfer credit = sandbox.inboundAch().of(fixtures.riversideOperating()).get(0);
        assertThat(arrived).contains(new ClockEvent(ClockEvent.INBOUND_ACH_TRANSFER_CREATED, credit.id()));
        assertThat(credit.amount()).isEqualTo(240_00);
        assertThat(credit.status()).isEqualTo(InboundAchTransfer.PENDING);

        String transactionId = sandbox.inboundAch().accept(credit.id()).transactionId();
        assertThat(sandbox.eras().ofTransaction(transactionId).id()).isEqualTo(payment.era().id());
    }

    @Test
    void providerAdjustmentsAndClaimStatusesReachTheEra() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(fixtures.riversideOperating()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-9", -200_00, -160_00).payerClaimNumber("E9").reversed())
                .claim(InsurancePayment.claim("PCN-9", 200_00, 180_00).payerClaimNumber("E9"))
                .claim(InsurancePayment.claim("PCN-10", 90_00, 0).denied().adjustment("CO", "50", 90_00))
                .providerAdjustment(Era.ProviderAdjustment.INTEREST, null, -2_15)
                .providerAdjustment(Era.ProviderAdjustment.OVERPAYMENT_RECOVERY, "E8", 10_00));

        Era era = payment.era();
        assertThat(era.claims()).extracting(Era.Claim::status)
                .containsExactly(Era.Claim.REVERSED, Era.Claim.PAID, Era.Claim.DENIED);
        assertThat(era.providerAdjustments()).containsExactly(new Era.ProviderAdjustment("L6", null, -2_15),
                new Era.ProviderAdjustment("WO", "E8", 10_00));
        assertThat(era.payment().amount()).isEqualTo(-160_00 + 180_00 + 2_15 - 10_00);
        assertThat(payment.inboundAchTransfer().amount()).isEqualTo(era.payment().amount());
    }

    @Test
    void theRulesOfTheRouteRefuseTheSameThroughTheHandle() {
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(aPayment().byCheck().paymentDelay(Duration.ZERO)))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.messages()).containsExactly("payment_delay is for ACH payments only: a check's money"
                            + " arrives with the mail that carries it (use era_delay to have the ERA come later)");
                });
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(aPayment().eraDelay(Duration.ofDays(-1))
                .paymentDelay(Duration.ofDays(400))))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactly(
                        "era_delay must be an ISO 8601 duration of 0 or more, such as P2D or PT36H",
                        "payment_delay must be at most P365D, written as days (P2D), hours (PT36H), minutes, seconds,"
                                + " or days with less than a day more (P1DT12H)"));
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(aPayment()
                .providerAdjustment(Era.ProviderAdjustment.OVERPAYMENT_RECOVERY, null, 240_00)))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactly(
                        "the claims' paid_amount total 24000 minus the provider_adjustments' total 24000 must be"
                                + " positive: it is the ACH credit that pays them (it is 0)"));
        assertThatThrownBy(() -> sandbox.insurancePayments().receive(InsurancePayment.into(fixtures.riversideOperating()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-X", 100_00, 50_00).denied())))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactly(
                        "claims[0] (patient_control_number PCN-X) is denied, so it pays 0 and its whole charge is"
                                + " adjusted, but its paid_amount is 5000"));
    }
}
