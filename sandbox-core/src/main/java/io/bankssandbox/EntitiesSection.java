package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.onboarding.Onboarding;
import io.bankssandbox.internal.onboarding.OnboardingFeature;
import java.util.List;

/** {@link Sandbox.Entities}: the entity reads of /v0 and the onboarding of the control API. */
final class EntitiesSection implements Sandbox.Entities {
    private final Operator operator;

    EntitiesSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<Entity> all() {
        return operator.call(() -> operator.runtime().state().read(state ->
                EntityDirectory.list(state, Caller.OPERATOR, null, Integer.MAX_VALUE).items().stream()
                        .map(entity -> Values.entity(entity)).toList()));
    }

    @Override
    public Entity get(String entityId) {
        return operator.call(() -> Values.entity(operator.runtime().state().read(state ->
                EntityDirectory.get(state, Caller.OPERATOR, entityId))));
    }

    @Override
    public Entity named(String name) {
        return NamedLookup.one("entity", all(), Entity::name, name);
    }

    @Override
    public Entity onboard(Practice practice) {
        Onboarding.Practice command = Values.practice(practice);
        operator.check("POST", "/_sandbox/entities", command);
        return operator.call(() -> Values.entity(operator.feature(OnboardingFeature.class).onboard(command)));
    }

    @Override
    public Entity connect(String entityId, String apiKey) {
        return operator.call(() -> Values.entity(operator.feature(OnboardingFeature.class).connect(entityId, apiKey)));
    }
}
