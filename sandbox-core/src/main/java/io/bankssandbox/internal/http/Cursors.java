package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.SortKey;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.zip.CRC32;

/**
 * Opaque page cursors: the key of the last row served, base64url-encoded with a checksum, so a
 * cursor stays valid while rows are added and one the sandbox never issued is refused (400).
 */
public final class Cursors {
    private Cursors() {}

    public static String encode(SortKey key) {
        String payload = key.at().toEpochMilli() + "." + key.id();
        String text = payload + "." + checksum(payload);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The key a cursor stands for; null for no cursor; 400 for one the sandbox did not issue. */
    public static SortKey decode(String cursor) {
        if (cursor == null) {
            return null;
        }
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int last = text.lastIndexOf('.');
            int first = text.indexOf('.');
            if (first <= 0 || last <= first) {
                throw invalid();
            }
            String payload = text.substring(0, last);
            if (!text.substring(last + 1).equals(checksum(payload))) {
                throw invalid();
            }
            long millis = Long.parseLong(payload.substring(0, first));
            return new SortKey(Instant.ofEpochMilli(millis), payload.substring(first + 1));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
    }

    private static ApiException invalid() {
        return ApiException.badRequest("cursor is not a cursor this API issued");
    }

    private static String checksum(String payload) {
        CRC32 crc = new CRC32();
        crc.update(("banks-sandbox-cursor:" + payload).getBytes(StandardCharsets.UTF_8));
        return Long.toString(crc.getValue(), 36);
    }
}
