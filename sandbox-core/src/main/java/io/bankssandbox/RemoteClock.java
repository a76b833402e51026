package io.bankssandbox;

import io.bankssandbox.internal.clock.TimeMachine;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** {@link Sandbox.Clock} over HTTP: {@code /_sandbox/clock}, its advance, and its log of moves to wait on. */
final class RemoteClock extends ClockWaits {
    private final ControlApi api;

    RemoteClock(ControlApi api) {
        super(Duration.ofMillis(20));
        this.api = api;
    }

    @Override
    public Instant now() {
        return Instant.parse(api.get("/_sandbox/clock").path("now").asText());
    }

    @Override
    public List<ClockEvent> advance(Duration by) {
        return advance(new TimeMachine.Advance(by.toString(), null));
    }

    @Override
    public List<ClockEvent> advanceTo(Instant to) {
        return advance(new TimeMachine.Advance(null, to.toString()));
    }

    private List<ClockEvent> advance(TimeMachine.Advance move) {
        return events(api.post("/_sandbox/clock/advance", move).path("events"));
    }

    @Override
    long position() {
        return api.get("/_sandbox/clock/events").path("position").asLong();
    }

    @Override
    List<ClockEvent> since(long mark) {
        return events(api.get("/_sandbox/clock/events?after=" + mark).path("events"));
    }

    private List<ClockEvent> events(JsonNode events) {
        return api.decodeEach(events, io.bankssandbox.internal.clock.ClockEvent.class).stream()
                .map(Values::clockEvent).toList();
    }
}
