package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Account;
import io.bankssandbox.CardDecision;
import io.bankssandbox.Era;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Remittance;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.Transaction;
import io.bankssandbox.junit5.BanksSandbox;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A reconciliation test as a user writes it: builders in, typed reads out, no JSON by hand. */
@BanksSandbox
class ReconciliationTest {

    @Test
    void aPaymentOfTwoClaimsReconcilesWithItsEraAndRemittance(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-1", 30_00, 25_00).patient("DOE", "JANE").subscriberId("W123456789").patientResponsibility(5_00))
                .claim(InsurancePayment.claim("PCN-2", 120_00, 0)
                        .status(Era.Claim.DENIED).adjustment("CO", "50", 120_00)));

        assertEquals(InboundAchTransfer.PENDING, payment.inboundAchTransfer().status());
        assertEquals(25_00, payment.inboundAchTransfer().amount());
        InboundAchTransfer accepted = sandbox.inboundAch().accept(payment.inboundAchTransfer().id());

        Era era = sandbox.eras().ofTransaction(accepted.transactionId());
        assertEquals(List.of("PCN-1", "PCN-2"), era.claims().stream().map(Era.Claim::patientControlNumber).toList());
        assertEquals(Era.Claim.DENIED, era.claims().get(1).status());
        Transaction credit = sandbox.transactions().of(operating.id()).get(0);
        assertEquals(accepted.transactionId(), credit.id());
        assertEquals(Transaction.INBOUND_ACH_TRANSFER, credit.category());
        assertEquals(accepted.id(), credit.sourceId());
        assertEquals(operating.totalBalance() + 25_00, sandbox.accounts().get(operating.id()).totalBalance());

        Remittance remittance = sandbox.eras().remittances(operating.entityId()).get(0);
        assertTrue(sandbox.eras().x12(remittance.id()).contains("CLP*PCN-2*4*"));
    }

    @Test
    void aCardPaymentOverItsLimitIsDeclinedWithTheLimitNamed(Sandbox sandbox) throws Exception {
        String account = sandbox.accounts().named("Riverside Operating").id();
        String card = Api.post(sandbox, "/v0/cards", "{\"bank_account_id\": \"" + account + "\", \"nickname\": \"Ops\","
                + " \"authorization_controls\": {\"usage\": {\"category\": \"multi_use\", \"multi_use\":"
                + " {\"spending_limits\": [{\"interval\": \"per_day\", \"amount\": 10000}]}}}}", "reconciliation-card-1")
                .body().replaceAll("(?s).*?\"id\"\\s*:\\s*\"(card_[^\"]+)\".*", "$1");

        CardDecision decision = sandbox.cards().authorize(card, 150_00, "5734");

        assertFalse(decision.approved());
        assertEquals(CardDecision.DECLINED, decision.decision());
        assertEquals(CardDecision.BREACHES_LIMIT, decision.declineReason());
        assertEquals(100_00, decision.limit().amount());
    }

    @Test
    void anUnknownIdIsTheApis404(Sandbox sandbox) {
        SandboxException missing = assertThrows(SandboxException.class, () -> sandbox.accounts().get("account_nope"));
        assertEquals(404, missing.status());
    }
}
