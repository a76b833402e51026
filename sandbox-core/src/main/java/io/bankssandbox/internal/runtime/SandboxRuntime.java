package io.bankssandbox.internal.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.events.DomainEvents;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.fixtures.FixtureLoader;
import io.bankssandbox.internal.fixtures.FixtureSnapshots;
import io.bankssandbox.internal.fixtures.StateCodec;
import io.bankssandbox.internal.fixtures.StateWriter;
import io.bankssandbox.internal.http.FaultInjector;
import io.bankssandbox.internal.http.IdempotencyStore;
import io.bankssandbox.internal.http.RateLimiter;
import io.bankssandbox.internal.http.RequestJournal;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateHolder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One sandbox's object graph, without HTTP: state, clock, idempotency keys, journal, faults. The
 * fixture snapshot is decoded once; reset restores a copy of it, never re-reading files.
 */
public final class SandboxRuntime {
    private final RuntimeConfig config;
    private final StateCodec codec;
    private final SandboxState fixtureSnapshot;
    private final List<IdempotencyStore.Entry> fixtureKeys;
    private final DomainEvents<SandboxState> events = new DomainEvents<>();
    private final StateHolder state;
    private final SandboxClock clock;
    private final TimeMachine timeMachine;
    private final IdempotencyStore idempotency = new IdempotencyStore(IdempotencyStore.DEFAULT_CAPACITY);
    private final RequestJournal journal = new RequestJournal(RequestJournal.DEFAULT_CAPACITY);
    private final FaultInjector faults = new FaultInjector();
    private final RateLimiter rateLimiter;
    private final List<Feature> features = new ArrayList<>();
    private final List<java.util.function.Consumer<SandboxState>> replacedListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * @param fixtures the decoded fixture sets of the sandbox assembly, whose codec (its state model)
     *     this runtime's state, exports and imports follow
     */
    public SandboxRuntime(RuntimeConfig config, FixtureSnapshots fixtures) {
        this.config = config;
        this.codec = fixtures.codec();
        // classpath sets are decoded once per JVM (FixtureSnapshots): the embedded per-class start stays cheap;
        // a config that adds documents or keys is decoded on its own
        StateCodec.Decoded decoded = config.fixtureDocuments().isEmpty() && config.extraApiKeys().isEmpty()
                ? fixtures.decode(config.fixtures(), config.seed())
                : codec.decode(fixtureDocuments(codec, config), config.seed());
        Instant start = config.start() != null ? config.start() : decoded.state().startedAt;
        this.fixtureSnapshot = decoded.state();
        this.fixtureKeys = decoded.idempotencyKeys();
        this.clock = new SandboxClock(config.clockMode(), start);
        // empty until install() gives it its copy of the snapshot, scheduled: one copy per start, not two
        this.state = new StateHolder(new SandboxState(codec.model(), fixtureSnapshot.apiKeys,
                fixtureSnapshot.ids.copy(), fixtureSnapshot.startedAt), events);
        this.timeMachine = new TimeMachine(clock, state);
        this.rateLimiter = new RateLimiter(config.rateLimitPerMinute(), config.rateLimitWindow());
        idempotency.replaceAll(fixtureKeys);
    }

    /** The fixture set's files, with the documents and API keys the config adds (checked as files are). */
    private static Map<String, JsonNode> fixtureDocuments(StateCodec codec, RuntimeConfig config) {
        Map<String, JsonNode> documents = new LinkedHashMap<>(FixtureLoader.read(codec.files(), config.fixtures()));
        documents.putAll(config.fixtureDocuments());
        if (!config.extraApiKeys().isEmpty()) {
            JsonNode existing = documents.get("api_keys");
            ArrayNode keys = existing != null && existing.isArray() ? ((ArrayNode) existing).deepCopy()
                    : Json.MAPPER.createArrayNode();
            config.extraApiKeys().forEach(key -> keys.add(Json.MAPPER.valueToTree(key)));
            documents.put("api_keys", keys);
        }
        return documents;
    }

    /** Wires the features' transitions and schedules what the loaded data waits for. */
    public void install(List<Feature> installed) {
        features.addAll(installed);
        for (Feature feature : features) {
            feature.transitions(timeMachine);
        }
        // the snapshot carries its schedule, so every reset starts with the same timeline
        for (Feature feature : features) {
            feature.schedule(fixtureSnapshot);
        }
        SandboxState initial = fixtureSnapshot.copy();
        state.replace(initial, () -> stateReplaced(initial));
    }

    /**
     * Tells {@code listener} of every wholesale replacement of the state (start, reset, import), under
     * the same write lock, so what it derives from the state (webhook lanes) never sees a mix.
     */
    public void onStateReplaced(java.util.function.Consumer<SandboxState> listener) {
        replacedListeners.add(listener);
    }

    private void stateReplaced(SandboxState next) {
        replacedListeners.forEach(listener -> listener.accept(next));
    }

    public RuntimeConfig config() { return config; }

    /** Reads and writes state documents of this sandbox's state model. */
    public StateCodec codec() { return codec; }

    public StateHolder state() { return state; }

    /** The domain events of this sandbox: subscribe to see every committed change. */
    public DomainEvents<SandboxState> events() { return events; }

    public SandboxClock clock() { return clock; }

    public TimeMachine timeMachine() { return timeMachine; }

    public IdempotencyStore idempotency() { return idempotency; }

    public RequestJournal journal() { return journal; }

    public FaultInjector faults() { return faults; }

    public RateLimiter rateLimiter() { return rateLimiter; }

    /** Where the clock stands after a reset: the configured start, else the fixture set's. */
    public Instant fixtureStart() {
        return config.start() != null ? config.start() : fixtureSnapshot.startedAt;
    }

    /** The fixture state as an exported document: what a reset returns to (a recording tells its values from generated ones). */
    public ObjectNode exportFixtureState() {
        return codec.encode(fixtureSnapshot, fixtureStart(), fixtureKeys);
    }

    /** Back to the fixture state: data, clock, idempotency keys, journal, faults. */
    public Instant reset() {
        Instant start = fixtureStart();
        SandboxState fresh = fixtureSnapshot.copy();
        state.replace(fresh, () -> {
            clock.set(start);
            stateReplaced(fresh);
            idempotency.replaceAll(fixtureKeys);
            journal.clear();
            faults.clear();
            rateLimiter.reset();
        });
        return start;
    }

    /** Installs a state read back from a state file: its idempotency keys, the clock at {@code now}. */
    public void restore(SandboxState restored, List<IdempotencyStore.Entry> keys, Instant now) {
        install(restored, keys, now);
    }

    /** The whole state as one document whose keys are the fixture files' names (a tree: see the streamed export for a large state). */
    public ObjectNode exportState() {
        return state.read(s -> codec.encode(s, clock.now(), idempotency.export()));
    }

    /**
     * Writes the state document to {@code out} as it reads the state, row by row (a state of a
     * million rows is never a second copy in memory). Holds the read lock meanwhile: changes wait.
     */
    public void exportState(OutputStream out) throws IOException {
        try {
            state.read(s -> {
                try {
                    StateWriter.write(out, s, new StateWriter.Extras(clock.now(), null, idempotency.export(), null));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Replaces the whole state with an exported document; an invalid one changes nothing ({@link FixtureException}). */
    public void importState(JsonNode document) {
        if (!document.isObject()) {
            throw new FixtureException(List.of("state document /: not a state document (a JSON object whose keys are "
                    + "the fixture files' names)"));
        }
        Map<String, JsonNode> documents = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = document.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            documents.put(field.getKey(), field.getValue());
        }
        StateCodec.Decoded decoded = codec.decode(documents, config.seed());
        install(decoded.state(), decoded.idempotencyKeys(), decoded.state().startedAt);
    }

    /**
     * Replaces the whole state with a document read from {@code in} as it arrives, straight into the
     * new state; an invalid one changes nothing ({@link FixtureException}), nor does a stream that
     * breaks off (IOException).
     */
    public void importState(InputStream in) throws IOException {
        StateCodec.Decoded decoded = codec.decode(in, config.seed());
        install(decoded.state(), decoded.idempotencyKeys(), decoded.state().startedAt);
    }

    private void install(SandboxState next, List<IdempotencyStore.Entry> keys, Instant now) {
        for (Feature feature : features) {
            feature.schedule(next);
        }
        state.replace(next, () -> {
            clock.set(now);
            idempotency.replaceAll(keys);
            stateReplaced(next);
        });
    }
}
