package io.bankssandbox.entities;

import io.bankssandbox.control.ControlCalls;
import io.bankssandbox.control.NamedLookup;
import java.util.List;
import java.util.Map;

/**
 * Entities as the /v0 API shows them to a key that sees every entity ({@code GET /v0/entities},
 * {@code GET /v0/entities/{id}}): {@code sandbox.entities().named("Riverside Family Medicine, P.C.")}.
 */
public final class EntityReads {
    private final ControlCalls calls;

    public EntityReads(ControlCalls calls) {
        this.calls = calls;
    }

    /** Every entity, oldest first. */
    public List<EntityView> all() {
        return calls.readAll(EntityView.class, "/v0/entities", Map.of(), Map.of());
    }

    /** The entity; an unknown id throws {@code SandboxException} 404. */
    public EntityView get(String entityId) {
        return calls.read(EntityView.class, "/v0/entities/{entity_id}", Map.of("entity_id", entityId), Map.of());
    }

    /** The entity with exactly this name, in whatever fixture set the sandbox runs. */
    public EntityView named(String name) {
        return NamedLookup.one("entity", all(), EntityView::name, name);
    }
}
