package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

        assertEquals(InboundAchTransfer.ACCEPTED, bank.inboundAch().get(credit.id()).status());
        assertEquals(operating.totalBalance() + 125_00, bank.accounts().get(operating.id()).totalBalance());
        assertEquals(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, happened.get(happened.size() - 1).type());
        bank.close();                      // a server's own sandbox: the handle lets go, the server runs on
    }
}
