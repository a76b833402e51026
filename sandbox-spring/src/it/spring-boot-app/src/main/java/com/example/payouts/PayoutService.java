package com.example.payouts;

import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestClient;

/** Issues a virtual card for each payout order, at the bank named by bank.base-url. */
@Service
public class PayoutService {
    private final RestClient bank;
    private final PayoutNotifier notifier;

    public PayoutService(@Value("${bank.base-url}") String baseUrl, @Value("${bank.api-key}") String apiKey,
                         PayoutNotifier notifier) {
        this.bank = RestClient.builder().baseUrl(baseUrl).defaultHeader("Authorization", "Bearer " + apiKey).build();
        this.notifier = notifier;
    }

    record Accounts(List<Map<String, Object>> data) {}

    /** The card's id; the order id makes the request idempotent, so a retried order gets the same card. */
    public String issueCard(String orderId) {
        String account = (String) bank.get().uri("/v0/accounts").retrieve().body(Accounts.class).data().get(0).get("id");
        Map<String, Object> card = Map.of("bank_account_id", account, "nickname", "Payout " + orderId,
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use", "multi_use",
                        Map.of("spending_limits", List.of(Map.of("interval", "per_transaction", "amount", 50_000))))));
        Map<?, ?> created = bank.post().uri("/v0/cards").contentType(MediaType.APPLICATION_JSON)
                .header("Idempotency-Key", "order-" + orderId).body(card).retrieve().body(Map.class);
        String cardId = (String) created.get("id");
        notifier.cardIssued(orderId, cardId);
        return cardId;
    }
}
