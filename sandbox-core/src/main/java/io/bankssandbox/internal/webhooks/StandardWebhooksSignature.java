package io.bankssandbox.internal.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature: {@code v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">},
 * keyed with the secret's bytes. Secrets are written as the spec's libraries expect them: base64,
 * optionally prefixed {@code whsec_}, so a receiver can verify with any of those libraries.
 */
public final class StandardWebhooksSignature {
    private static final String PREFIX = "whsec_";

    private StandardWebhooksSignature() {}

    /** The key a secret stands for, or null when the secret is not base64 (with or without {@code whsec_}). */
    public static byte[] key(String secret) {
        String encoded = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        try {
            return Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public static String sign(byte[] key, String webhookId, long timestampSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((webhookId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            mac.update(body);
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
