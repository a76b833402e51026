package io.bankssandbox.internal.ondemand;

import io.bankssandbox.internal.clock.ClockMode;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.http.ApiException;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.DomainException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The sandboxes one sandbox (the host) starts on demand, each fully its own (state, clock, journal,
 * idempotency keys, faults, webhooks) and served under a path of its own on the host's port
 * ({@link #PATH}{@code {id}}), closed with the host: at most
 * {@link RuntimeConfig.OnDemandLimits#maxSandboxes()} at once, each closed after its idle timeout
 * without a request (on the wall clock, not the sandbox's).
 */
public final class OnDemandSandboxes implements AutoCloseable {
    /** How long an idle check may wait at most, and at least (a sandbox is closed within this of its timeout). */
    private static final long MAX_CHECK_MILLIS = 1000;
    private static final long MIN_CHECK_MILLIS = 10;
    private static final char[] ID_CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyz".toCharArray();

    /**
     * Where each sandbox on demand answers, under the address the host was reached at: {@code /sandboxes/}
     * and its id. Clients rely on a {@code base_url} ending so to know a sandbox is one started on demand.
     */
    public static final String PATH = "/sandboxes/";

    /** The id a path under {@link #PATH} names ({@code /sandboxes/{id}...}), or null for any other path. */
    public static String idIn(String path) {
        if (!path.startsWith(PATH) || path.length() == PATH.length()) {
            return null;
        }
        int end = path.indexOf('/', PATH.length());
        return end < 0 ? path.substring(PATH.length()) : path.substring(PATH.length(), end);
    }

    /** What follows the id in a path under {@link #PATH}: the path within that sandbox ({@code /} for none). */
    public static String restOf(String path) {
        int end = path.indexOf('/', PATH.length());
        return end < 0 ? "/" : path.substring(end);
    }

    /** A running sandbox as the registry needs it; the assembly serves it. */
    public interface Served {
        SandboxRuntime runtime();

        /** How long no request has been under way: zero while one is. */
        Duration idleFor();

        /** Takes its path off the host's port at once, and closes everything it runs. */
        void close();
    }

    /**
     * Starts a sandbox and serves it under {@code path} of the host's port; throws {@link FixtureException}
     * when its fixture set is unknown or invalid.
     */
    @FunctionalInterface
    public interface Launcher {
        Served launch(RuntimeConfig config, String path);
    }

    private record Entry(String id, String name, Served sandbox, Instant createdAt, Duration idleTimeout) {}

    private final RuntimeConfig hostConfig;
    private final RuntimeConfig.OnDemandLimits limits;
    private final Launcher launcher;
    private final Entry host;
    private final SecureRandom random = new SecureRandom();
    /** Guarded by {@code this}, as are the fields below it. */
    private final Map<String, Entry> open = new LinkedHashMap<>();
    /** Sandboxes being started: they count toward the limit before they are open. */
    private int starting;
    private boolean closed;
    /** Runs idle checks while a sandbox is open; no thread at all otherwise. */
    private ScheduledExecutorService idleChecks;

    public OnDemandSandboxes(RuntimeConfig hostConfig, Served host, Launcher launcher) {
        this.hostConfig = hostConfig;
        this.limits = hostConfig.onDemand();
        this.launcher = launcher;
        this.host = new Entry(newId(), null, host, Instant.now(), null);
    }

    /**
     * Starts a sandbox: 400 (nothing started) for a bad request or fixture set, 429 at the limit.
     *
     * @param hostUrl where the client reached the host (the new one's URLs start with it)
     */
    public SandboxView create(NewSandbox request, String hostUrl) {
        synchronized (this) {
            if (closed) {
                throw ApiException.of(503, "The server is stopping: no sandbox can be started");
            }
            if (open.size() + starting >= limits.maxSandboxes()) {
                throw ApiException.of(429, "Sandbox limit reached: " + limits.maxSandboxes() + " sandboxes on demand are "
                        + "open (--max-sandboxes " + limits.maxSandboxes() + "); close one with DELETE "
                        + "/_sandbox/sandboxes/{id} or start the server with a higher --max-sandboxes");
            }
            starting++;
        }
        String id = newId();
        Served sandbox;
        try {
            sandbox = launcher.launch(childConfig(request), PATH + id);
        } catch (FixtureException e) {
            throw DomainException.invalid(e.problems());
        } finally {
            synchronized (this) {
                starting--;
            }
        }
        Duration idleTimeout = request.idleTimeout() != null ? request.parsedIdleTimeout() : limits.idleTimeout();
        Entry entry = new Entry(id, request.name(), sandbox, Instant.now(), idleTimeout);
        synchronized (this) {
            if (!closed) {
                open.put(entry.id(), entry);
                checkIdleSoon();
                return view(entry, hostUrl);
            }
        }
        sandbox.close(); // the host closed while this one started
        throw ApiException.of(503, "The server is stopping: no sandbox can be started");
    }

    /** The host first, then each open sandbox in the order they were started. */
    public List<SandboxView> list(String hostUrl) {
        List<Entry> entries = new ArrayList<>();
        entries.add(host);
        synchronized (this) {
            entries.addAll(open.values());
        }
        return entries.stream().map(entry -> view(entry, hostUrl)).toList();
    }

    public SandboxView get(String id, String hostUrl) {
        if (host.id().equals(id)) {
            return view(host, hostUrl);
        }
        Entry entry;
        synchronized (this) {
            entry = open.get(id);
        }
        if (entry == null) {
            throw DomainException.notFound("Sandbox", id);
        }
        return view(entry, hostUrl);
    }

    /** Closes one: its path stops answering (the host's 404) before this returns. The host: 409; unknown (or closed): 404. */
    public void close(String id) {
        if (host.id().equals(id)) {
            throw DomainException.conflict("Sandbox " + id + " is the host: it closes with the process, "
                    + "not through DELETE /_sandbox/sandboxes/{id}");
        }
        Entry entry;
        synchronized (this) {
            entry = open.remove(id);
            if (entry != null && open.isEmpty()) {
                stopIdleChecks();
            }
        }
        if (entry == null) {
            throw DomainException.notFound("Sandbox", id);
        }
        entry.sandbox().close();
    }

    /** Closes every sandbox started on demand; none can be started after. */
    @Override
    public void close() {
        List<Entry> closing;
        synchronized (this) {
            closed = true;
            closing = new ArrayList<>(open.values());
            open.clear();
            stopIdleChecks();
        }
        for (Entry entry : closing) {
            entry.sandbox().close();
        }
    }

    private RuntimeConfig childConfig(NewSandbox request) {
        RuntimeConfig h = hostConfig;
        boolean hostsSet = request.fixtures() == null || request.fixtures().equals(h.fixtures());
        return new RuntimeConfig(h.host(), 0,
                request.fixtures() != null ? request.fixtures() : h.fixtures(),
                request.clock() != null ? ClockMode.parse(request.clock()) : h.clockMode(),
                request.start() != null ? request.start() : h.start(),
                request.seed() != null ? request.seed() : h.seed(),
                h.adminToken(), h.corsOrigins(), h.rateLimitPerMinute(), h.rateLimitWindow(),
                null, // memory only: the state file is the host's
                h.maxImportBytes(),
                // documents and keys the host was given in code belong to its fixture set
                hostsSet ? h.fixtureDocuments() : Map.of(), hostsSet ? h.extraApiKeys() : List.of(),
                List.of(), // webhook endpoints are each sandbox's own, registered through its control API
                h.verbose(), null);
    }

    private SandboxView view(Entry entry, String hostUrl) {
        SandboxRuntime runtime = entry.sandbox().runtime();
        String baseUrl = entry == host ? hostUrl : hostUrl + PATH + entry.id();
        List<SandboxView.Key> keys = runtime.state().read(s -> s.apiKeys.stream()
                .map(key -> new SandboxView.Key(key.key(), key.entityIds())).toList());
        return new SandboxView(entry.id(), entry.name(), entry == host, baseUrl, baseUrl + "/_sandbox/ui", keys,
                new SandboxView.Clock(runtime.clock().now(), runtime.clock().mode().wireName()), entry.createdAt(),
                entry.idleTimeout() == null ? null : entry.idleTimeout().toString());
    }

    private String newId() {
        char[] id = new char[20];
        for (int i = 0; i < id.length; i++) {
            id[i] = ID_CHARACTERS[random.nextInt(ID_CHARACTERS.length)];
        }
        return "sandbox_" + new String(id);
    }

    /** Guarded by {@code this}. */
    private void checkIdleSoon() {
        if (idleChecks == null) {
            ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
                Thread thread = new Thread(runnable, "banks-sandbox-idle-checks");
                thread.setDaemon(true);
                return thread;
            });
            executor.setRemoveOnCancelPolicy(true);
            idleChecks = executor;
            executor.schedule(() -> closeIdle(executor), MIN_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** Guarded by {@code this}. */
    private void stopIdleChecks() {
        if (idleChecks != null) {
            idleChecks.shutdownNow();
            idleChecks = null;
        }
    }

    /**
     * Closes every sandbox idle past its timeout, then checks again when the next one could be (on
     * {@code checks}, unless those checks were stopped meanwhile).
     */
    private void closeIdle(ScheduledExecutorService checks) {
        long nextCheck = MAX_CHECK_MILLIS;
        synchronized (this) {
            if (idleChecks != checks) {
                return;
            }
            for (Entry entry : List.copyOf(open.values())) {
                Duration left = entry.idleTimeout().minus(entry.sandbox().idleFor());
                if (left.isNegative() || left.isZero()) {
                    // closed before it leaves the list: a sandbox listed is one that answers, one gone answers no more
                    entry.sandbox().close();
                    open.remove(entry.id());
                } else if (left.compareTo(Duration.ofMillis(nextCheck)) < 0) {
                    nextCheck = left.toMillis() + 1;
                }
            }
            if (open.isEmpty()) {
                stopIdleChecks();
            } else {
                checks.schedule(() -> closeIdle(checks), Math.max(MIN_CHECK_MILLIS, nextCheck), TimeUnit.MILLISECONDS);
            }
        }
    }
}
