package io.bankssandbox.internal.runtime;

import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.state.SandboxState;

/**
 * One feature of the sandbox (cards, ACH, lockbox...): its routes, its control routes, and the
 * transitions it puts on the clock. Features are wired once per sandbox by {@code SandboxServer}.
 */
public interface Feature {
    /** The /v0 routes. */
    default void routes(ApiRouter api) {}

    /** The /_sandbox routes. */
    default void controlRoutes(ApiRouter control) {}

    /** Transition handlers, by kind. */
    default void transitions(TimeMachine timeMachine) {}

    /** Puts the transitions that loaded (or imported) data is waiting for on the timeline. */
    default void schedule(SandboxState state) {}
}
