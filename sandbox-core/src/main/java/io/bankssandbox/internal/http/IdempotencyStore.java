package io.bankssandbox.internal.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Idempotency keys, scoped per API key and kept 24 hours of sandbox time. A key is reserved while
 * its first request runs (a concurrent duplicate gets 409), stored only when that request succeeds
 * (so a corrected retry of a rejected request may reuse it), and then replays the created resource.
 * The API key itself is never stored: entries are scoped by its SHA-256.
 */
public final class IdempotencyStore {
    public static final Duration RETENTION = Duration.ofHours(24);
    public static final int DEFAULT_CAPACITY = 100_000;

    /** A stored key: what it was used for and what it created. Serialized into the state export. */
    public record Entry(String scope, String key, String method, String path, String bodyHash, Instant createdAt,
                        int status, String kind, String id) {}

    /** What to do with a request that carries a key. */
    public sealed interface Outcome permits Proceed, Replay, Refuse {}

    public record Proceed(Slot slot) implements Outcome {}

    /**
     * Where a key is kept: its scope (the API key's hash) and the key. A pair rather than the two
     * joined into one string: every stored key keeps its slot alive for 24 hours, and the pair
     * costs a third of the bytes the joined copy did.
     */
    public record Slot(String scope, String key) {}

    public record Replay(Entry entry) implements Outcome {}

    public record Refuse(ApiException error) implements Outcome {}

    private final int capacity;
    private final Map<Slot, Entry> stored = new LinkedHashMap<>();
    private final Map<Slot, Entry> inFlight = new LinkedHashMap<>();
    private final Map<String, String> scopes = new java.util.HashMap<>();
    /** One copy of each path, shared by every entry stored for it, as the scopes are. */
    private final Map<String, String> paths = new java.util.HashMap<>();
    private volatile java.util.function.Consumer<Entry> onStored = entry -> { };

    public IdempotencyStore(int capacity) {
        this.capacity = capacity;
    }

    public synchronized Outcome begin(String apiKey, String key, String method, String path, String bodyHash,
                                      Instant now) {
        purge(now);
        // a handful of keys per sandbox: hashing each once spares a SHA-256 per request
        if (scopes.size() > 64) {
            scopes.clear();
        }
        String scope = scopes.computeIfAbsent(apiKey, IdempotencyStore::scopeOf);
        Slot slot = new Slot(scope, key);
        Entry existing = stored.get(slot);
        if (existing != null) {
            if (!existing.method().equals(method) || !existing.path().equals(path)) {
                return new Refuse(ApiException.of(422,
                        "Idempotency-Key " + key + " was already used for " + existing.method() + " " + existing.path()));
            }
            if (!existing.bodyHash().equals(bodyHash)) {
                return new Refuse(ApiException.of(422,
                        "Idempotency-Key " + key + " was already used with a different request body"));
            }
            return new Replay(existing);
        }
        if (inFlight.containsKey(slot)) {
            return new Refuse(ApiException.of(409,
                    "A request with Idempotency-Key " + key + " is still being processed"));
        }
        if (paths.size() > 256) {
            paths.clear();
        }
        inFlight.put(slot, new Entry(scope, key, method, paths.computeIfAbsent(path, p -> p), bodyHash, now, 0, null, null));
        return new Proceed(slot);
    }

    /** Told of every key stored from now on (the state file keeps them), in the order they are stored. */
    public void onStored(java.util.function.Consumer<Entry> listener) {
        this.onStored = listener;
    }

    /** The reserved request succeeded: keep what it created. */
    public void complete(Slot slot, int status, String kind, String id) {
        Entry entry;
        synchronized (this) {
            Entry reserved = inFlight.remove(slot);
            if (reserved == null) {
                return;
            }
            entry = new Entry(reserved.scope(), reserved.key(), reserved.method(), reserved.path(),
                    reserved.bodyHash(), reserved.createdAt(), status, kind, id);
            stored.put(slot, entry);
            trim();
        }
        // outside the lock: the listener may wait on a log that, to rotate, reads this store
        onStored.accept(entry);
    }

    private void trim() {
        while (stored.size() > capacity) {
            Iterator<Slot> oldest = stored.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
    }

    /** The reserved request was refused: forget the key, so a corrected retry may use it. */
    public synchronized void abandon(Slot slot) {
        inFlight.remove(slot);
    }

    public synchronized List<Entry> export() {
        return new ArrayList<>(stored.values());
    }

    public synchronized void replaceAll(List<Entry> entries) {
        stored.clear();
        inFlight.clear();
        for (Entry entry : entries) {
            stored.put(new Slot(entry.scope(), entry.key()), entry);
        }
        trim();
    }

    public synchronized int size() {
        return stored.size();
    }

    private void purge(Instant now) {
        Instant cutoff = now.minus(RETENTION);
        // insertion order is creation order, so expired entries are at the front
        for (Iterator<Entry> it = stored.values().iterator(); it.hasNext(); ) {
            if (it.next().createdAt().isAfter(cutoff)) {
                break;
            }
            it.remove();
        }
    }

    public static String scopeOf(String apiKey) {
        return sha256(apiKey).substring(0, 32);
    }

    public static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
