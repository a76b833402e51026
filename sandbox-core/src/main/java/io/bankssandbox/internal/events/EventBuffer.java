package io.bankssandbox.internal.events;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The events one write has published so far. Each state object has its own; writes are exclusive,
 * so there is never more than one writer filling it. Not thread-safe: the state lock guards it.
 */
public final class EventBuffer {
    private final Consumer<DomainEvent> reactions;
    private List<DomainEvent> pending = new ArrayList<>();

    /** @param reactions run right after each publish, in the same write (the state's model's reactions) */
    public EventBuffer(Consumer<DomainEvent> reactions) {
        this.reactions = reactions;
    }

    public void publish(DomainEvent event) {
        pending.add(event);
        reactions.accept(event);
    }

    /** How many events the current write has published so far: a mark for {@link #since}. */
    public int size() {
        return pending.size();
    }

    /** The events published after {@code mark} (a {@link #size} taken earlier in the same write), oldest first. */
    public List<DomainEvent> since(int mark) {
        return List.copyOf(pending.subList(mark, pending.size()));
    }

    /** What was published since the last drain, oldest first; the buffer is empty afterwards. */
    public List<DomainEvent> drain() {
        if (pending.isEmpty()) {
            return List.of();
        }
        List<DomainEvent> drained = pending;
        pending = new ArrayList<>();
        return drained;
    }
}
