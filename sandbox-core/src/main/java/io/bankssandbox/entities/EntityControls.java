package io.bankssandbox.entities;

import io.bankssandbox.control.ControlCalls;
import io.bankssandbox.entities.EntitiesFeature.EntityView;
import java.util.Map;

/** Onboarding simulation: a new practice joins, or an existing one is connected to one more key. */
public final class EntityControls {
    private final ControlCalls calls;

    public EntityControls(ControlCalls calls) {
        this.calls = calls;
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
