package com.example.payouts;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PayoutController {
    private final PayoutService payouts;

    PayoutController(PayoutService payouts) {
        this.payouts = payouts;
    }

    @PostMapping("/payouts/{orderId}/card")
    @ResponseStatus(HttpStatus.CREATED)
    Map<String, String> issueCard(@PathVariable("orderId") String orderId) {
        return Map.of("card_id", payouts.issueCard(orderId));
    }
}
