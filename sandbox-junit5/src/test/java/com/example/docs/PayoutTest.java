package com.example.docs;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Account;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Era;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

@BanksSandbox                      // one sandbox per test class, free port, default fixtures, frozen clock
class PayoutTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void cardIsCreatedWithTheOrdersIdempotencyKey(Sandbox sandbox) throws Exception {
        String account = sandbox.accounts().named("Riverside Operating").id();   // fixture records by name
        String body = "{\"bank_account_id\": \"" + account + "\", \"nickname\": \"Supplies\","
                + " \"authorization_controls\": {\"usage\": {\"category\": \"multi_use\", \"multi_use\":"
                + " {\"spending_limits\": [{\"interval\": \"per_transaction\", \"amount\": 5000}]}}}}";
        HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/v0/cards"))
                .header("Authorization", "Bearer " + sandbox.apiKey())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "order-4711-card")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(201, created.statusCode());
        assertThat(sandbox.journal())
                .hasRequest("POST", "/v0/cards")
                .withIdempotencyKey("order-4711-card")
                .withStatus(201)
                .withBodyField("nickname", "Supplies");
    }

    @Test
    void aPendingCreditIsAcceptedAnHourLater(Sandbox sandbox) {   // starts from the fixtures again
        String account = sandbox.accounts().named("Riverside Operating").id();
        InboundAchTransfer pending = sandbox.inboundAch().simulate(
                InboundAchTransfer.Arrival.of(account, 125_00).withOriginator("ACME HEALTH", "CLAIMS"));

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofHours(1)); // applies what falls due

        assertTrue(events.contains(new ClockEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, pending.id())));
        assertEquals(InboundAchTransfer.ACCEPTED, sandbox.inboundAch().get(pending.id()).status());
        assertThat(sandbox.journal()).isEmpty();                   // typed calls are not /v0 requests
    }

    @Test
    void anInsurancePaymentCarriesTheEraThatExplainsIt(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-1001", 300_00, 250_00)          // charged, paid
                        .patient("DOE", "JANE").patientResponsibility(20_00)));   // balanced: PR-2, CO-45
        String transactionId = sandbox.inboundAch().accept(payment.inboundAchTransfer().id()).transactionId();

        Era era = sandbox.eras().ofTransaction(transactionId);  // GET /v0/transactions/{id}/era
        assertEquals(250_00, era.payment().amount());
        assertEquals(List.of("PR", "CO"), era.claims().get(0).adjustments().stream().map(Era.Adjustment::group).toList());
        assertEquals(operating.totalBalance() + 250_00, sandbox.accounts().get(operating.id()).totalBalance());
    }
}
