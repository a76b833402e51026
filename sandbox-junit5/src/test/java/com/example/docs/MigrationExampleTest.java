package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.Entity;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Practice;
import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import org.junit.jupiter.api.Test;

/** CHANGELOG.md's migration to the staged builders: the "after" half, compiled and run. */
@BanksSandbox
class MigrationExampleTest {

    @Test
    void stagedBuilders(Sandbox sandbox) {
        String accountId = sandbox.accounts().named("Riverside Operating").id();
        // what a route requires is an argument: onboarding needs the practice's address
        Entity dental = sandbox.entities().onboard(Practice.named("Lakeside Dental", Entity.PROFESSIONAL_LLC,
                        new Entity.Address("12 Lake St", "", "Austin", "TX", "78701"))
                .withNpi("1234567893")
                .withAccount("Lakeside Dental Operating", 25_000_00));

        // into(account), then from(payer), then the first claim with its charged and paid amounts
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(accountId)
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-1001", 300_00, 250_00)
                        .patient("DOE", "JANE").patientResponsibility(20_00)));

        assertEquals(250_00, payment.inboundAchTransfer().amount());
        assertEquals("Lakeside Dental", dental.name());
    }
}
