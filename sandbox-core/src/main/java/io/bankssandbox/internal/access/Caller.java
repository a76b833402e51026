package io.bankssandbox.internal.access;

import java.util.Collection;
import java.util.Set;

/**
 * Who is asking: the authenticated key and what it may see. Everything a caller cannot see is
 * reported as not found, never as forbidden, so ids of other entities never leak.
 */
public record Caller(String apiKey, boolean seesAll, Set<String> entityIds) {
    /**
     * Whoever runs the sandbox: the control API (behind its admin token, if any) and the typed handle,
     * which see every entity.
     */
    public static final Caller OPERATOR = new Caller("admin", true, Set.of());

    public static Caller of(ApiKey key) {
        return new Caller(key.key(), key.seesAll(), Set.copyOf(key.entityIds()));
    }

    public boolean canSee(String entityId) {
        return seesAll || entityIds.contains(entityId);
    }

    /** The entities a listing for this caller reads: null for every entity, else the ones it may see. */
    public Collection<String> visibleEntities() {
        return seesAll ? null : entityIds;
    }
}
