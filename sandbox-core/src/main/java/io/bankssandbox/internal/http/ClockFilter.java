package io.bankssandbox.internal.http;

import io.bankssandbox.internal.clock.TimeMachine;

/** Applies every transition due at the current time before the request sees the state. */
final class ClockFilter implements Filter {
    private final TimeMachine timeMachine;

    ClockFilter(TimeMachine timeMachine) {
        this.timeMachine = timeMachine;
    }

    @Override
    public void apply(Exchange exchange) {
        timeMachine.catchUp();
        exchange.proceed();
    }
}
