package com.example.docs;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.Account;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@BanksSandbox   // a sandbox for the class: free port, default fixtures, frozen clock, fixture state before each test
class FirstSandboxTest {

    @Test
    void aPendingCreditIsAcceptedAnHourLater(Sandbox sandbox) throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");    // fixture records by name
        InboundAchTransfer credit = sandbox.inboundAch().simulate(operating.id(), 125_00);   // cents

        sandbox.clock().advance(Duration.ofHours(1));                         // what falls due happens

        // the code under test calls the API at sandbox.baseUrl() with sandbox.apiKey(); here, plain java.net.http
        HttpResponse<String> read = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/v0/inbound-ach-transfers/" + credit.id()))
                        .header("Authorization", "Bearer " + sandbox.apiKey()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, read.statusCode());
        InboundAchTransfer accepted = sandbox.inboundAch().get(credit.id());
        assertEquals(InboundAchTransfer.ACCEPTED, accepted.status());
        assertEquals(125_00, sandbox.transactions().get(accepted.transactionId()).amount());
        assertThat(sandbox.journal()).hasRequest("GET", "/v0/inbound-ach-transfers/*").withStatus(200);
    }
}
