package io.bankssandbox.internal.clock;

import io.bankssandbox.internal.state.Timeline;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateHolder;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
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
    /**
     * Applies one scheduled transition to the state, publishing what it changed as domain events (nothing
     * when it no longer applies); the moves among them are what the clock's advance reports.
     */
    @FunctionalInterface
    public interface Transition {
        void apply(SandboxState state, String id, Instant at);
    }

    /** The latest instant a timestamp can show with a four-digit year. */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    /**
     * A move of the clock as the control API takes it ({@code POST /_sandbox/clock/advance}): {@code by}
     * an ISO 8601 duration, or {@code to} an ISO 8601 timestamp (the schema asks for exactly one).
     */
    public record Advance(String by, String to) {}

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

    /**
     * Moves the clock as asked, applying every transition that falls due on the way, in time order;
     * answers what happened. The clock never goes backwards, and never past {@link #LATEST} (an answer
     * could not show the time): either is a refusal. What {@code by} and {@code to} look like is the
     * request's schema ({@code ClockAdvanceRequest}): text it refuses never reaches here.
     */
    public List<ClockEvent> advance(Advance request) {
        if (request.by() != null) {
            Duration by;
            try {
                by = Duration.parse(request.by());
            } catch (DateTimeParseException e) {
                // the schema admits Duration's syntax only: what still fails is a number of days, hours ...
                // too large to hold, a move further than the clock can show (or, negative, back past any start)
                return request.by().startsWith("-") ? advanceBy(Duration.ofSeconds(-1))
                        : advance(now -> LATEST.plusSeconds(1), "by");
            }
            return advanceBy(by);
        }
        Instant to;
        try {
            to = Instant.parse(request.to());
        } catch (DateTimeParseException e) {
            throw DomainException.unreadable("to", request.to());
        }
        return advanceTo(to);
    }

    /**
     * Moves the clock forward by {@code by}; see {@link #advance(Advance)}. The target is taken from the
     * clock under the write lock, so two advances at once move it by both.
     */
    public List<ClockEvent> advanceBy(Duration by) {
        if (by.isNegative()) {
            throw DomainException.invalid("by must not be negative: the clock never goes backwards");
        }
        // compared as durations first: now + by may lie beyond what an Instant can hold
        return advance(now -> by.compareTo(Duration.between(now, LATEST)) > 0 ? LATEST.plusSeconds(1) : now.plus(by), "by");
    }

    /** Moves the clock to {@code to}; see {@link #advance(Advance)}. */
    public List<ClockEvent> advanceTo(Instant to) {
        return advance(now -> to, "to");
    }

    private List<ClockEvent> advance(java.util.function.UnaryOperator<Instant> targetFromNow, String field) {
        return state.write(s -> {
            Instant now = clock.now();
            Instant target = targetFromNow.apply(now);
            if (target.isAfter(LATEST)) {
                throw DomainException.invalid(field
                        + " would move the clock past 9999-12-31T23:59:59Z, the latest time the sandbox can show");
            }
            if (target.isBefore(now)) {
                throw DomainException.invalid("the clock never goes backwards: " + target + " is before " + now);
            }
            List<ClockEvent> events = applyDue(s, target);
            clock.set(target);
            return events;
        });
    }

    /**
     * Applies what is due at the current time; called before every request. Most requests find
     * nothing due, and learn it without taking the state's lock (the write then checks again).
     */
    public void catchUp() {
        Instant now = clock.now();
        if (state.readUnlocked(s -> s.timeline.hasDue(now))) {
            state.write(s -> applyDue(s, clock.now()));
        }
    }

    /**
     * Under the write lock: applies everything due up to {@code upTo}; answers the records the
     * transitions moved ({@link StatusChanged} events they published), in time order.
     */
    public List<ClockEvent> applyDue(SandboxState s, Instant upTo) {
        List<ClockEvent> events = new ArrayList<>();
        Timeline.Due due;
        while ((due = s.timeline.pollDue(upTo)) != null) {
            if (due.at().isAfter(clock.now())) {
                clock.set(due.at());
            }
            Transition transition = transitions.get(due.kind());
            if (transition != null) {
                int mark = s.events.size();
                // The transition happens at its due time, even when the clock was already past it
                // (a running clock between requests): that is when the real service would have acted.
                transition.apply(s, due.id(), due.at());
                for (DomainEvent event : s.events.since(mark)) {
                    if (event instanceof StatusChanged move) {
                        events.add(new ClockEvent(move.type(), move.id()));
                    }
                }
            }
        }
        return events;
    }
}
