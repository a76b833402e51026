package io.bankssandbox.internal.state;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Decimal digits derived from a text, always the same for the same text: each hex digit of the
 * text's SHA-256 modulo 10. The fixture generator derives tax ids and payer numbers the same way, so
 * values the sandbox derives at run time agree with the fixtures'.
 */
public final class StableDigits {
    private StableDigits() {}

    /** The first {@code count} (at most 64) digits derived from {@code seed}. */
    public static String of(String seed, int count) {
        try {
            String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(seed.getBytes(StandardCharsets.UTF_8)));
            StringBuilder digits = new StringBuilder(count);
            for (int i = 0; i < count; i++) {
                digits.append(Character.digit(hex.charAt(i), 16) % 10);
            }
            return digits.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
