package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.Map;

/** Lockbox mail arriving for a provider, as {@code POST /_sandbox/providers/{id}/mail} simulates it. */
public final class LockboxControls {
    private final ControlCalls calls;

    public LockboxControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** Answers the mail item as {@code GET /v0/providers/{id}/mail} lists it. */
    public MailItemView receiveMail(String providerId, LockboxMail.IncomingMail mail) {
        return calls.post(MailItemView.class, "/_sandbox/providers/{provider_id}/mail",
                Map.of("provider_id", providerId), mail);
    }
}
