package io.bankssandbox.internal.carddetails;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Tokens for card details pages: the card and the expiry, signed with a key of this sandbox, so a
 * link cannot be forged or extended and needs no table (nothing to reset or export: a link outlives
 * neither its five minutes nor the sandbox that issued it).
 */
public final class CardDetailsLinks {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int SIGNATURE_BYTES = 18;

    /** What a valid token stands for. */
    public record Grant(String cardId, Instant expiresAt) {}

    private final byte[] key;

    public CardDetailsLinks() {
        this.key = new byte[32];
        new SecureRandom().nextBytes(key);
    }

    public String issue(String cardId, Instant expiresAt) {
        String payload = cardId + "." + expiresAt.toEpochMilli();
        return ENCODER.encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + "."
                + ENCODER.encodeToString(sign(payload));
    }

    /** The grant a token carries, or null when the sandbox did not issue it. */
    public Grant read(String token) {
        try {
            int dot = token.indexOf('.');
            if (dot <= 0) {
                return null;
            }
            String payload = new String(DECODER.decode(token.substring(0, dot)), StandardCharsets.UTF_8);
            byte[] signature = DECODER.decode(token.substring(dot + 1));
            if (!java.security.MessageDigest.isEqual(signature, sign(payload))) {
                return null;
            }
            int split = payload.lastIndexOf('.');
            return new Grant(payload.substring(0, split), Instant.ofEpochMilli(Long.parseLong(payload.substring(split + 1))));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    private byte[] sign(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Arrays.copyOf(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)), SIGNATURE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
