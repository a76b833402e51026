package io.bankssandbox;

import io.bankssandbox.internal.control.ClockEventLog;
import io.bankssandbox.internal.control.ControlFeature;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** {@link Sandbox.Clock}: the clock route's time machine, and the log of the moves its transitions made. */
final class ClockSection extends ClockWaits {
    private final Operator operator;
    private final ClockEventLog log;

    ClockSection(Operator operator) {
        super(Duration.ofMillis(5));
        this.operator = operator;
        this.log = operator.feature(ControlFeature.class).clockEvents();
    }

    @Override
    public Instant now() {
        return operator.runtime().clock().now();
    }

    @Override
    public List<ClockEvent> advance(Duration by) {
        return Operator.refusals(() -> operator.runtime().timeMachine().advanceBy(by)).stream()
                .map(Values::clockEvent).toList();
    }

    @Override
    public List<ClockEvent> advanceTo(Instant to) {
        return Operator.refusals(() -> operator.runtime().timeMachine().advanceTo(to)).stream()
                .map(Values::clockEvent).toList();
    }

    @Override
    long position() {
        return log.position();
    }

    @Override
    List<ClockEvent> since(long mark) {
        operator.runtime().timeMachine().catchUp(); // a running clock's due transitions
        return log.since(mark).events().stream().map(Values::clockEvent).toList();
    }
}
