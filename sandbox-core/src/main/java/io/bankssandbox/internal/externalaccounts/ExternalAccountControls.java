package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.Map;

/** What only the control API can do to external accounts (the public API has no archive endpoint). */
public final class ExternalAccountControls {
    private final ControlCalls calls;

    public ExternalAccountControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** Archives it: GET still shows it, the list leaves it out; archiving twice is a 409. */
    public ExternalAccount archive(String externalAccountId) {
        return calls.post(ExternalAccount.class, "/_sandbox/external-accounts/{external_account_id}/archive",
                Map.of("external_account_id", externalAccountId), null);
    }
}
