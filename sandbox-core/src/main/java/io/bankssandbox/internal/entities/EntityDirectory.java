package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.util.Collection;
import java.util.List;

/** Entities as a key sees them: those it may access, and nothing else, not even by id. */
public final class EntityDirectory {
    private EntityDirectory() {}

    public static Page<Entity> list(SandboxState state, Caller caller, SortKey after, int limit) {
        return state.table(Entity.TABLE).page(caller.visibleEntities(), e -> true, after, limit);
    }

    /**
     * The entity partitions a listing reads: {@code entityId} alone when given (not found when the
     * caller cannot see it), else every entity the caller sees (null: all of them).
     */
    public static Collection<String> partitions(SandboxState state, Caller caller, String entityId) {
        if (entityId == null) {
            return caller.visibleEntities();
        }
        return List.of(get(state, caller, entityId).id());
    }

    /** The entity, or not found when unknown or invisible to the caller. */
    public static Entity get(SandboxState state, Caller caller, String id) {
        Entity entity = state.table(Entity.TABLE).get(id);
        if (entity == null || !caller.canSee(id)) {
            throw DomainException.notFound("Entity", id);
        }
        return entity;
    }

    /** The provider (an entity with an NPI and a lockbox), or not found. */
    public static Entity provider(SandboxState state, Caller caller, String id) {
        Entity entity = state.table(Entity.TABLE).get(id);
        if (entity == null || !caller.canSee(id) || !entity.isProvider()) {
            throw DomainException.notFound("Provider", id);
        }
        return entity;
    }
}
