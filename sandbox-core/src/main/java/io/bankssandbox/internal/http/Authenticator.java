package io.bankssandbox.internal.http;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.access.Caller;
import java.util.List;

/** {@code Authorization: Bearer <key>} against the fixture set's keys; anything else is 401. */
public final class Authenticator {
    private Authenticator() {}

    public static Caller authenticate(String header, List<ApiKey> keys) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiException.of(401, "Unauthorized");
        }
        String presented = header.substring(7).trim();
        for (ApiKey key : keys) {
            if (key.key().equals(presented)) {
                return Caller.of(key);
            }
        }
        throw ApiException.of(401, "Unauthorized");
    }
}
