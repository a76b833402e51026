package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Fault;
import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

@BanksSandbox
class LostAnswerRetryTest {

    /**
     * The code under test, as an application writes it: one Idempotency-Key per card, reused on every
     * retry; a retry after an I/O error or a 5xx, after Retry-After when the answer has one.
     */
    static HttpResponse<String> createCard(String baseUrl, String apiKey, String body, String idempotencyKey)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/v0/cards"))
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        for (int attempt = 1; ; attempt++) {
            try {
                HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() < 500 || attempt == 3) {
                    return answer;
                }
                Thread.sleep(1000L * Long.parseLong(answer.headers().firstValue("Retry-After").orElse("0")));
            } catch (IOException lost) {   // the connection reset: the card may or may not exist
                if (attempt == 3) {
                    throw lost;
                }
            }
        }
    }

    static String cardBody(String accountId) {
        return "{\"bank_account_id\": \"" + accountId + "\", \"nickname\": \"Supplies\","
                + " \"authorization_controls\": {\"usage\": {\"category\": \"multi_use\", \"multi_use\":"
                + " {\"spending_limits\": [{\"interval\": \"per_transaction\", \"amount\": 5000}]}}}}";
    }

    @Test
    void aRetryAfterALostAnswerGetsTheCardAndCreatesNoSecond(Sandbox sandbox) throws Exception {
        String account = sandbox.accounts().named("Riverside Operating").id();
        int cards = sandbox.cards().ofAccount(account).size();
        sandbox.faults().inject(Fault.lostAnswer("POST", "/v0/cards"));   // the card is made, then the connection reset

        HttpResponse<String> created = createCard(sandbox.baseUrl(), sandbox.apiKey(), cardBody(account), "order-4711-card");

        assertEquals(201, created.statusCode());
        assertEquals("true", created.headers().firstValue("Idempotency-Replayed").orElse(null));   // the stored card
        assertEquals(cards + 1, sandbox.cards().ofAccount(account).size());                         // and no second one
        List<RecordedRequest> posts = sandbox.journal().requests("POST", "/v0/cards");
        assertEquals(2, posts.size());
        assertTrue(posts.get(0).connectionClosed());                        // the first answer never arrived...
        assertEquals(201, posts.get(0).fault().processedStatus());          // ...though the card was made
        assertEquals(posts.get(0).idempotencyKey(), posts.get(1).idempotencyKey());   // the retry reused the key
    }

    @Test
    void a503WithRetryAfterIsWaitedOutAndRetried(Sandbox sandbox) throws Exception {
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.faults().inject(Fault.of("POST", "/v0/cards", 503).withHeader("Retry-After", "1"));   // before processing

        HttpResponse<String> created = createCard(sandbox.baseUrl(), sandbox.apiKey(), cardBody(account), "order-4712-card");

        assertEquals(201, created.statusCode());
        assertEquals(List.of(503, 201), sandbox.journal().requests("POST", "/v0/cards").stream()
                .map(RecordedRequest::status).toList());
    }
}
