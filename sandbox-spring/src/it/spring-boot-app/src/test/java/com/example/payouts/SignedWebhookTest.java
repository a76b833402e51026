package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.Sandbox;
import io.bankssandbox.WebhookDelivery;
import io.bankssandbox.spring.EnableBanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The sandbox signs its webhooks with the application's own secret and sends them to the application's
 * own controller on its random port: both named in the annotation, no set-up in the test.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key",
        webhooks = "http://localhost:${local.server.port}/webhooks/bank", webhookSecret = "${bank.webhook-secret}")
@Order(8)
class SignedWebhookTest {
    @Autowired Sandbox sandbox;
    @Autowired BankEvents events;
    @LocalServerPort int port;

    @Test
    void theApplicationsControllerReceivesASignedTransactionCreated() throws Exception {
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 7_77).id());

        // delivered: the controller answered 2xx, which it does only for a signature it verified
        sandbox.webhooks().awaitDelivered(WebhookDelivery.TRANSACTION_CREATED,
                delivery -> delivery.transaction().amount() == 7_77, Duration.ofSeconds(30));
        assertThat(events.received()).anySatisfy(body -> {
            JsonNode event = new ObjectMapper().readTree(body);
            assertThat(event.path("event").asText()).isEqualTo("transaction.created");
            assertThat(event.at("/transaction/amount").asLong()).isEqualTo(7_77);
        });
    }

    @Test
    void theControllerRefusesWhatTheSecretDidNotSign() throws Exception {
        HttpResponse<Void> forged = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/webhooks/bank"))
                .header("Content-Type", "application/json").header("webhook-id", "event_forged")
                .header("webhook-timestamp", String.valueOf(System.currentTimeMillis() / 1000))
                .header("webhook-signature", "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
                .POST(HttpRequest.BodyPublishers.ofString("{\"event\":\"transaction.created\"}")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(forged.statusCode()).isEqualTo(401);
    }
}
