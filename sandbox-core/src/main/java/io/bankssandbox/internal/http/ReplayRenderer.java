package io.bankssandbox.internal.http;

import io.bankssandbox.internal.access.Caller;

/** Renders the current state of a resource an idempotent request created, for its replays. */
@FunctionalInterface
public interface ReplayRenderer {
    Object render(Caller caller, String id);
}
