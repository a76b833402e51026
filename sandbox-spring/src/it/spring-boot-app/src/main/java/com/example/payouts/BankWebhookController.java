package com.example.payouts;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Receives the bank's webhooks, as Standard Webhooks sign them: an HMAC-SHA256 of
 * "webhook-id.webhook-timestamp.body" with the shared secret, base64, in webhook-signature (as
 * "v1,<signature>", several separated by spaces), and a timestamp within five minutes of now.
 */
@RestController
class BankWebhookController {
    private static final long TOLERANCE_SECONDS = 5 * 60;
    private final byte[] key;
    private final BankEvents events;

    BankWebhookController(@Value("${bank.webhook-secret}") String secret, BankEvents events) {
        this.key = Base64.getDecoder().decode(secret.startsWith("whsec_") ? secret.substring("whsec_".length()) : secret);
        this.events = events;
    }

    @PostMapping("/webhooks/bank")
    ResponseEntity<Void> receive(@RequestHeader("webhook-id") String id, @RequestHeader("webhook-timestamp") String timestamp,
                                 @RequestHeader("webhook-signature") String signatures, @RequestBody byte[] body)
            throws GeneralSecurityException {
        if (Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(timestamp)) > TOLERANCE_SECONDS
                || !signed(id + "." + timestamp + ".", body, signatures)) {
            return ResponseEntity.status(401).build();
        }
        events.received(new String(body, StandardCharsets.UTF_8));
        return ResponseEntity.noContent().build();
    }

    private boolean signed(String prefix, byte[] body, String signatures) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        mac.update(prefix.getBytes(StandardCharsets.UTF_8));
        byte[] expected = mac.doFinal(body);
        for (String signature : signatures.split(" ")) {
            if (signature.startsWith("v1,") && MessageDigest.isEqual(expected,
                    Base64.getDecoder().decode(signature.substring("v1,".length())))) {
                return true;
            }
        }
        return false;
    }
}
