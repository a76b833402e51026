package io.bankssandbox.internal.onboarding;

import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.entities.EntityConnected;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.state.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * Onboarding simulation: {@code POST /_sandbox/entities} (a new practice) and
 * {@code POST /_sandbox/entities/{id}/connect} (an existing one given to one more key).
 */
public final class OnboardingFeature implements Feature {
    private final SandboxRuntime runtime;

    public OnboardingFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    /** The answer to a connect: which key now sees which entity. */
    public record Connection(String apiKey, EntityView entity) {}

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/entities", ErrorShape.NEST, request ->
                ApiResponse.created(EntityView.of(onboard(practice(request.body()))), null, null));
        control.post("/_sandbox/entities/{entity_id}/connect", ErrorShape.NEST, request -> {
            String apiKey = request.body().get("api_key").asText();
            return ApiResponse.ok(new Connection(apiKey, EntityView.of(connect(request.path("entity_id"), apiKey))));
        });
    }

    /** A practice joins: the control route's and the typed handle's one way in. */
    public Entity onboard(Onboarding.Practice practice) {
        return runtime.state().write(state -> Onboarding.onboard(state, practice, runtime.clock().now()));
    }

    /** A key is given access to an existing entity. */
    public Entity connect(String entityId, String apiKey) {
        return runtime.state().write(state -> Onboarding.connect(state, entityId, apiKey, runtime.clock().now()));
    }

    private static Onboarding.Practice practice(JsonNode body) {
        List<Onboarding.OpeningAccount> accounts = new ArrayList<>();
        for (JsonNode account : body.path("accounts")) {
            accounts.add(new Onboarding.OpeningAccount(account.get("name").asText(),
                    account.path("opening_balance").asLong(0)));
        }
        List<String> keys = new ArrayList<>();
        for (JsonNode key : body.path("api_keys")) {
            keys.add(key.asText());
        }
        JsonNode npi = body.get("npi");
        return new Onboarding.Practice(body.get("name").asText(), body.get("structure").asText(),
                npi == null || npi.isNull() ? null : npi.asText(),
                Json.MAPPER.convertValue(body.get("address"), Entity.Address.class), accounts, keys);
    }
}
