package io.bankssandbox.clock;

import io.bankssandbox.state.SandboxState;
import io.bankssandbox.state.StateHolder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Moves the sandbox clock and applies every transition that falls due on the way, in time order:
 * the clock stands at each transition's due time while it is applied, so the timestamps it writes
 * are the ones the real service would have written.
 */
public final class TimeMachine {
    /** Applies one scheduled transition to the state; returns what happened (empty when it no longer applies). */
    @FunctionalInterface
    public interface Transition {
        List<ClockEvent> apply(SandboxState state, String id, Instant at);
    }

    private final SandboxClock clock;
    private final StateHolder state;
    private final Map<String, Transition> transitions = new HashMap<>();

    public TimeMachine(SandboxClock clock, StateHolder state) {
        this.clock = clock;
        this.state = state;
    }

    public void register(String kind, Transition transition) {
        transitions.put(kind, transition);
    }

    public SandboxClock clock() {
        return clock;
    }

    /** Moves to {@code target}; throws {@link IllegalArgumentException} if that is in the past. */
    public List<ClockEvent> advanceTo(Instant target) {
        return state.write(s -> {
            Instant now = clock.now();
            if (target.isBefore(now)) {
                throw new IllegalArgumentException("the clock never goes backwards: " + target + " is before " + now);
            }
            List<ClockEvent> events = applyDue(s, target);
            clock.set(target);
            return events;
        });
    }

    /** Applies what is due at the current time; called before every request. */
    public void catchUp() {
        Instant now = clock.now();
        if (state.read(s -> s.timeline.hasDue(now))) {
            state.write(s -> applyDue(s, clock.now()));
        }
    }

    /** Under the write lock: applies everything due up to {@code upTo}. */
    public List<ClockEvent> applyDue(SandboxState s, Instant upTo) {
        List<ClockEvent> events = new ArrayList<>();
        Timeline.Due due;
        while ((due = s.timeline.pollDue(upTo)) != null) {
            if (due.at().isAfter(clock.now())) {
                clock.set(due.at());
            }
            Transition transition = transitions.get(due.kind());
            if (transition != null) {
                // The transition happens at its due time, even when the clock was already past it
                // (a running clock between requests): that is when the real service would have acted.
                events.addAll(transition.apply(s, due.id(), due.at()));
            }
        }
        return events;
    }
}
