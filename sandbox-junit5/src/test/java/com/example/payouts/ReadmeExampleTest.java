package com.example.payouts;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.ach.InboundAchLifecycle;
import io.bankssandbox.Sandbox;
import io.bankssandbox.ach.InboundAchTransfer;
import io.bankssandbox.clock.ClockEvent;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

@BanksSandbox                      // one sandbox per test class, free port, default fixtures, frozen clock
class ReadmeExampleTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void cardIsCreatedWithTheOrdersIdempotencyKey(Sandbox sandbox) throws Exception {
        String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
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
        String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
        InboundAchTransfer pending = sandbox.inboundAch().simulate(
                InboundAchLifecycle.Arrival.of(account, 125_00).withOriginator("ACME HEALTH", "CLAIMS"));

        List<ClockEvent> events = sandbox.clock().advance(Duration.ofHours(1)); // applies what falls due

        assertTrue(events.contains(new ClockEvent("inbound_ach_transfer.accepted", pending.id())));
        assertThat(sandbox.journal()).isEmpty();                   // typed controls are not /v0 requests
    }
}
