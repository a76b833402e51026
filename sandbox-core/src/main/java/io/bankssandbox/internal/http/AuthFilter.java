package io.bankssandbox.internal.http;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.access.Caller;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Who is asking. /v0: {@code Authorization: Bearer <key>} against the state's API keys, anything
 * else 401; the control API: the admin token when one is set, and then it sees everything; public
 * pages (handed out by unguessable URL): nobody in particular.
 */
final class AuthFilter implements Filter {
    static final Caller ADMIN = Caller.OPERATOR;
    private static final Caller PUBLIC = new Caller("public", false, Set.of());

    private final Supplier<List<ApiKey>> apiKeys;
    private final String adminToken;

    AuthFilter(Supplier<List<ApiKey>> apiKeys, String adminToken) {
        this.apiKeys = apiKeys;
        this.adminToken = adminToken;
    }

    @Override
    public void apply(Exchange exchange) {
        switch (exchange.family) {
            case API -> {
                // one read of the keys (under the state's read lock) serves auth and the journal's key index
                List<ApiKey> keys = apiKeys.get();
                exchange.caller = Authenticator.authenticate(exchange.header("Authorization"), keys);
                exchange.apiKeyIndex = indexOf(exchange.caller, keys);
            }
            case CONTROL -> {
                if (adminToken != null) {
                    String header = exchange.header("Authorization");
                    if (header == null || !header.equals("Bearer " + adminToken)) {
                        throw ApiException.of(401, "Unauthorized");
                    }
                }
                exchange.caller = ADMIN;
            }
            case PUBLIC -> exchange.caller = PUBLIC;
        }
        exchange.proceed();
    }

    /** Which fixture key (1-based, in fixture order) made the request, so an export can name it without its value. */
    private static int indexOf(Caller caller, List<ApiKey> keys) {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).key().equals(caller.apiKey())) {
                return i + 1;
            }
        }
        return 0;
    }
}
