package io.bankssandbox.internal.state;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import io.bankssandbox.internal.events.DomainEvent;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What the features keep, put together: every table kind and setting kind, the rules a loaded state
 * must meet and the repairs a loaded state gets. Each feature declares its own part
 * ({@code CardsFeature.MODEL}); the sandbox assembly merges the parts into one model, from which
 * every state, fixture decode, export and state file of a sandbox is built. The kernel walks the
 * model and names no feature.
 *
 * @param references rules on references between rows and files, run first, by rank (the rank of the
 *     table whose rows they check, so problems are listed in document order)
 * @param totals rules on the whole (such as a ledger's sum), run after each row's own rules
 * @param repairs run on every state once it is loaded and checked (a missing opening balance, say)
 * @param reactions what one feature does, in the same write, when another publishes an event (an
 *     ERA is marked paid when the ACH credit that pays it is accepted): the publisher never names the
 *     feature that reacts
 */
public record StateModel(List<TableKind<?>> tables, List<SettingKind<?>> settings, List<Ranked> references,
                         List<StateCheck> totals, List<Consumer<SandboxState>> repairs, List<Reaction<?>> reactions) {

    /**
     * Runs on the publishing thread, inside the write, right after an event of {@code type} is
     * published: what it changes (and publishes) is part of the same write, in that order.
     */
    public record Reaction<E extends DomainEvent>(Class<E> type, BiConsumer<SandboxState, E> action) {
        void react(SandboxState state, DomainEvent event) {
            if (type.isInstance(event)) {
                action.accept(state, type.cast(event));
            }
        }
    }

    /** Runs the reactions to {@code event} that this model holds. */
    public void react(SandboxState state, DomainEvent event) {
        for (Reaction<?> reaction : reactions) {
            reaction.react(state, event);
        }
    }

    /** A check with its place among the others. */
    public record Ranked(int rank, StateCheck check) {}

    public StateModel {
        tables = tables.stream().sorted(Comparator.comparingInt(TableKind::rank)).toList();
        settings = settings.stream().sorted(Comparator.comparingInt(SettingKind::rank)).toList();
        references = references.stream().sorted(Comparator.comparingInt(Ranked::rank)).toList();
        totals = List.copyOf(totals);
        repairs = List.copyOf(repairs);
        reactions = List.copyOf(reactions);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The parts merged into one model; checks and repairs run in the order of the parts. */
    public static StateModel merge(List<StateModel> parts) {
        Builder all = builder();
        for (StateModel part : parts) {
            part.tables.forEach(all.tables::add);
            part.settings.forEach(all.settings::add);
            all.references.addAll(part.references);
            all.totals.addAll(part.totals);
            all.repairs.addAll(part.repairs);
            all.reactions.addAll(part.reactions);
        }
        return all.build();
    }

    /** The table kind a state document names {@code name}; null when there is none. */
    public TableKind<?> table(String name) {
        for (TableKind<?> kind : tables) {
            if (kind.name().equals(name)) {
                return kind;
            }
        }
        return null;
    }

    /** The setting kind a state document names {@code name}; null when there is none. */
    public SettingKind<?> setting(String name) {
        for (SettingKind<?> kind : settings) {
            if (kind.name().equals(name)) {
                return kind;
            }
        }
        return null;
    }

    public static final class Builder {
        private final List<TableKind<?>> tables = new ArrayList<>();
        private final List<SettingKind<?>> settings = new ArrayList<>();
        private final List<Ranked> references = new ArrayList<>();
        private final List<StateCheck> totals = new ArrayList<>();
        private final List<Consumer<SandboxState>> repairs = new ArrayList<>();
        private final List<Reaction<?>> reactions = new ArrayList<>();

        public Builder table(TableKind<?> kind) {
            tables.add(kind);
            return this;
        }

        public Builder setting(SettingKind<?> kind) {
            settings.add(kind);
            return this;
        }

        public Builder references(int rank, StateCheck check) {
            references.add(new Ranked(rank, check));
            return this;
        }

        public Builder totals(StateCheck check) {
            totals.add(check);
            return this;
        }

        public Builder repair(Consumer<SandboxState> repair) {
            repairs.add(repair);
            return this;
        }

        public <E extends DomainEvent> Builder reaction(Class<E> type, BiConsumer<SandboxState, E> action) {
            reactions.add(new Reaction<>(type, action));
            return this;
        }

        public StateModel build() {
            return new StateModel(tables, settings, references, totals, repairs, reactions);
        }
    }
}
