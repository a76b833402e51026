package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Account;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Era;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.MailItem;
import io.bankssandbox.Remittance;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.junit5.BanksSandbox;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/remittances.md: the cases reconciliation software lives on, each as the sandbox plays it. */
@BanksSandbox
class RemittanceReconciliationTest {

    @Test
    void theEraComesFirstAndTheMoneyTwoDaysLater(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received sent = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("CIGNA", "62308")
                .claim(InsurancePayment.claim("PCN-2207", 300_00, 240_00))
                .paymentDelay(Duration.ofDays(2)));                  // the 835 today, the ACH credit in two days

        assertNull(sent.inboundAchTransfer());                      // no money yet: hold the ERA unmatched
        Remittance waiting = sandbox.eras().remittances(operating.entityId()).get(0);
        assertNull(waiting.transactionId());

        sandbox.clock().advance(Duration.ofDays(2));                // the credit arrives, pending
        InboundAchTransfer credit = sandbox.inboundAch().of(operating.id()).get(0);
        assertEquals("TRN*1*" + sent.era().payment().checkNumber() + "*9000062308~", credit.addenda().get(0));
        List<ClockEvent> events = sandbox.clock().advance(Duration.ofHours(1));    // and posts an hour later
        assertTrue(events.contains(new ClockEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, credit.id())));

        String transactionId = sandbox.inboundAch().get(credit.id()).transactionId();
        assertEquals(sent.era().id(), sandbox.eras().ofTransaction(transactionId).id());
    }

    @Test
    void aCheckInTheLockboxIsDepositedADayBeforeItsEra(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received sent = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("BLUE SHIELD CA", "940360524")
                .claim(InsurancePayment.claim("PCN-3101", 180_00, 150_00))
                .byCheck()                                          // a paper check mailed to the lockbox
                .eraDelay(Duration.ofDays(1)));                     // its 835 a day after the deposit

        MailItem.Check check = sent.mailItem().checks().get(0);
        assertEquals(sent.era().payment().checkNumber(), check.micr().serialNumber());
        SandboxException notYet = assertThrows(SandboxException.class,
                () -> sandbox.eras().ofTransaction(check.transactionId()));
        assertEquals(404, notYet.status());                          // deposited, but no remittance to post

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofDays(1));
        assertTrue(events.contains(new ClockEvent(ClockEvent.ERA_RECEIVED, sent.era().id())));
        assertEquals(sent.era(), sandbox.eras().ofTransaction(check.transactionId()));
    }

    @Test
    void theDepositIsNotTheSumOfTheClaims(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received sent = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-1901", -220_00, -176_00)   // charged, paid: negated,
                        .payerClaimNumber("E311").reversed())              // it takes back what it paid in January
                .claim(InsurancePayment.claim("PCN-1901", 220_00, 198_00)
                        .payerClaimNumber("E311"))                         // and pays the corrected claim
                .claim(InsurancePayment.claim("PCN-2301", 90_00, 0).denied()
                        .adjustment("CO", "50", 90_00))
                .providerAdjustment(Era.ProviderAdjustment.OVERPAYMENT_RECOVERY, "E208", 15_00)
                .providerAdjustment(Era.ProviderAdjustment.INTEREST, null, -1_87));

        // the claims pay 22.00; the payer keeps 15.00 it overpaid before and adds 1.87 interest
        assertEquals(22_00 - 15_00 + 1_87, sent.era().payment().amount());
        assertEquals(sent.era().payment().amount(), sent.inboundAchTransfer().amount());
        String x12 = sandbox.eras().x12(sandbox.eras().remittances(operating.entityId()).get(0).id());
        assertTrue(x12.contains("CLP*PCN-1901*22*-220.00*-176.00*"));  // CLP02 22: a reversal
        assertTrue(x12.contains("PLB*1093429227*20261231*WO:E208*15.00*L6*-1.87~"));
    }
}
