package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Account;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.Sandbox;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The handle of a sandbox running elsewhere: here a server this test starts stands for the jar or the container. */
class ConnectTest {
    private static Sandbox server;
    private static String bankUrl;

    @BeforeAll
    static void aServerRunsElsewhere() {
        server = Sandbox.start();           // stands for `java -jar banks-sandbox.jar serve` or the image
        bankUrl = server.baseUrl();
    }

    @AfterAll
    static void stopIt() {
        server.close();
    }

    @Test
    void scriptTheBankOverHttp() {
        Sandbox bank = Sandbox.connect(URI.create(bankUrl));   // or connect(url, adminToken) for --admin-token
        Account operating = bank.accounts().named("Riverside Operating");
        InboundAchTransfer credit = bank.inboundAch().simulate(operating.id(), 125_00);

        List<ClockEvent> happened = bank.clock().advance(Duration.ofHours(1));

        InboundAchTransfer accepted = bank.inboundAch().get(credit.id());
        assertEquals(InboundAchTransfer.ACCEPTED, accepted.status());
        assertEquals(125_00, bank.transactions().get(accepted.transactionId()).amount());
        assertTrue(happened.contains(new ClockEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, credit.id())));
        bank.close();                      // a server's own sandbox: the handle lets go, the server runs on
    }
}
