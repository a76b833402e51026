package io.bankssandbox.internal.onboarding;

import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.entities.EntityConnected;

import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.control.NamedLookup;
import java.util.List;
import java.util.Map;

/**
 * Entities (practices): read as the /v0 API shows them to a key that sees every entity
 * ({@code sandbox.entities().named("Riverside Family Medicine, P.C.")}), and the onboarding
 * simulation: a new practice joins, or an existing one is connected to one more key.
 */
public final class EntityControls {
    private final ControlCalls calls;

    public EntityControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** Every entity, oldest first ({@code GET /v0/entities}, every page). */
    public List<EntityView> all() {
        return calls.readAll(EntityView.class, "/v0/entities", Map.of(), Map.of());
    }

    /** The entity ({@code GET /v0/entities/{id}}); an unknown id throws {@code SandboxException} 404. */
    public EntityView get(String entityId) {
        return calls.read(EntityView.class, "/v0/entities/{entity_id}", Map.of("entity_id", entityId), Map.of());
    }

    /** The entity with exactly this name, in whatever fixture set the sandbox runs. */
    public EntityView named(String name) {
        return NamedLookup.one("entity", all(), EntityView::name, name);
    }

    /** {@code POST /_sandbox/entities}: answers the entity as {@code GET /v0/entities/{id}} shows it. */
    public EntityView onboard(Onboarding.Practice practice) {
        return calls.post(EntityView.class, "/_sandbox/entities", Map.of(), practice);
    }

    /** {@code POST /_sandbox/entities/{id}/connect}: the key now sees the entity (409 if it already did). */
    public OnboardingFeature.Connection connect(String entityId, String apiKey) {
        return calls.post(OnboardingFeature.Connection.class, "/_sandbox/entities/{entity_id}/connect",
                Map.of("entity_id", entityId), Map.of("api_key", apiKey));
    }
}
