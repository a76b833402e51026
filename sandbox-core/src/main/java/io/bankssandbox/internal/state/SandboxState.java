package io.bankssandbox.internal.state;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.state.Timeline;
import io.bankssandbox.internal.events.EventBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one sandbox holds: a table per {@link TableKind} and a value per {@link SettingKind} of
 * its {@link StateModel}, the timeline, the id sequence, the API keys. One object per sandbox,
 * guarded by its {@link StateHolder}; reset replaces it with a copy of the fixture snapshot (rows are
 * immutable, so copying is cheap). Features reach their own tables by kind
 * ({@code state.table(Card.TABLE)}); the state itself knows none of them.
 */
public final class SandboxState {
    public final Timeline timeline;
    public final IdGenerator ids;
    /** Replaced whole (never changed in place) when an entity is connected: readers may hold the old list. */
    public volatile List<ApiKey> apiKeys;
    /** The sandbox time the state was taken at; the clock starts here after a reset or import. */
    public final Instant startedAt;
    /** Events the current write has published; never copied (a copy starts with none pending). */
    public final EventBuffer events = new EventBuffer(event -> model().react(this, event));
    /** Rows the current write has put, for a durable store; never copied. */
    public final ChangeSet changes = new ChangeSet();
    private final StateModel model;
    private final Map<TableKind<?>, Table<?>> tables;
    private final List<Table<?>> tableList;
    private final Map<SettingKind<?>, Object> settings;

    /** An empty state of {@code model}, each setting at its default. */
    public SandboxState(StateModel model, List<ApiKey> apiKeys, IdGenerator ids, Instant startedAt) {
        this(model, newTables(model), defaults(model), new Timeline(), ids, apiKeys, startedAt);
    }

    private SandboxState(StateModel model, Map<TableKind<?>, Table<?>> tables, Map<SettingKind<?>, Object> settings,
                         Timeline timeline, IdGenerator ids, List<ApiKey> apiKeys, Instant startedAt) {
        this.model = model;
        this.tables = tables;
        this.settings = settings;
        this.timeline = timeline;
        this.ids = ids;
        this.apiKeys = List.copyOf(apiKeys);
        this.startedAt = startedAt;
        List<Table<?>> ordered = new ArrayList<>(model.tables().size());
        for (TableKind<?> kind : model.tables()) {
            Table<?> table = tables.get(kind);
            table.noteChangesIn(changes);
            ordered.add(table);
        }
        this.tableList = List.copyOf(ordered);
    }

    private static Map<TableKind<?>, Table<?>> newTables(StateModel model) {
        Map<TableKind<?>, Table<?>> tables = new IdentityHashMap<>();
        for (TableKind<?> kind : model.tables()) {
            tables.put(kind, kind.newTable());
        }
        return tables;
    }

    private static Map<SettingKind<?>, Object> defaults(StateModel model) {
        Map<SettingKind<?>, Object> settings = new IdentityHashMap<>();
        for (SettingKind<?> kind : model.settings()) {
            settings.put(kind, kind.defaultValue().get());
        }
        return settings;
    }

    public StateModel model() {
        return model;
    }

    /** The table of {@code kind}; a kind the model does not hold is a programming error. */
    @SuppressWarnings("unchecked")
    public <T> Table<T> table(TableKind<T> kind) {
        Table<T> table = (Table<T>) tables.get(kind);
        if (table == null) {
            throw new IllegalArgumentException(kind + " is not part of this sandbox's state model");
        }
        return table;
    }

    /** The value of the setting {@code kind}. */
    public <T> T setting(SettingKind<T> kind) {
        return kind.type().cast(settings.get(kind));
    }

    /** Every table, in the order the state document lists them. */
    public List<Table<?>> tables() {
        return tableList;
    }

    /** The table a state document names {@code name}; null when there is none. */
    public Table<?> table(String name) {
        for (Table<?> table : tableList) {
            if (table.name().equals(name)) {
                return table;
            }
        }
        return null;
    }

    /**
     * This state's tables (the very ones, not copies) with other keys, settings, id sequence and
     * start: a document read as a stream fills its tables before it reaches the settings after them.
     * This object must not be used afterwards.
     */
    public SandboxState withSettings(List<ApiKey> newApiKeys, Map<SettingKind<?>, Object> newSettings, IdGenerator newIds,
                                     Instant newStart) {
        Map<SettingKind<?>, Object> merged = new IdentityHashMap<>(settings);
        merged.putAll(newSettings);
        return new SandboxState(model, tables, merged, timeline, newIds, newApiKeys, newStart);
    }

    public SandboxState copy() {
        Map<TableKind<?>, Table<?>> copies = new IdentityHashMap<>();
        tables.forEach((kind, table) -> copies.put(kind, table.copy()));
        return new SandboxState(model, copies, settings, timeline.copy(), ids.copy(), apiKeys, startedAt);
    }
}
