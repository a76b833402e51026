package io.bankssandbox;

import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.onboarding.OnboardingFeature;
import java.util.List;
import java.util.Map;

/** {@link Sandbox.Entities} over HTTP: {@code GET /v0/entities} as the operator, onboarding on the control API. */
final class RemoteEntities implements Sandbox.Entities {
    private final ControlApi api;

    RemoteEntities(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<Entity> all() {
        return api.decodeEach(api.everyPage("/v0/entities"), EntityView.class).stream().map(Values::entityView).toList();
    }

    @Override
    public Entity get(String entityId) {
        return Values.entityView(api.decode(api.get("/v0/entities/" + ControlApi.segment(entityId)), EntityView.class));
    }

    @Override
    public Entity named(String name) {
        return NamedLookup.one("entity", all(), Entity::name, name);
    }

    @Override
    public Entity onboard(Practice practice) {
        return Values.entityView(api.decode(api.post("/_sandbox/entities", Values.practice(practice)), EntityView.class));
    }

    @Override
    public Entity connect(String entityId, String apiKey) {
        return Values.entityView(api.decode(api.post("/_sandbox/entities/" + ControlApi.segment(entityId) + "/connect",
                Map.of("api_key", apiKey)), OnboardingFeature.Connection.class).entity());
    }
}
