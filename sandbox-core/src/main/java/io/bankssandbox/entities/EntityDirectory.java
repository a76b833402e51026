package io.bankssandbox.entities;

import io.bankssandbox.state.DomainException;
import io.bankssandbox.state.Page;
import io.bankssandbox.state.SandboxState;
import io.bankssandbox.state.SortKey;

/** Entities as a key sees them: those it may access, and nothing else, not even by id. */
public final class EntityDirectory {
    private EntityDirectory() {}

    public static Page<Entity> list(SandboxState state, Caller caller, SortKey after, int limit) {
        return state.entities.page(caller.seesAll() ? null : caller.entityIds(), e -> true, after, limit);
    }

    /** The entity, or not found when unknown or invisible to the caller. */
    public static Entity get(SandboxState state, Caller caller, String id) {
        Entity entity = state.entities.get(id);
        if (entity == null || !caller.canSee(id)) {
            throw DomainException.notFound("Entity", id);
        }
        return entity;
    }

    /** The provider (an entity with an NPI and a lockbox), or not found. */
    public static Entity provider(SandboxState state, Caller caller, String id) {
        Entity entity = state.entities.get(id);
        if (entity == null || !caller.canSee(id) || !entity.isProvider()) {
            throw DomainException.notFound("Provider", id);
        }
        return entity;
    }
}
