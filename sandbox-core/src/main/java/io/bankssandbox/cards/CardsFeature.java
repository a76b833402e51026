package io.bankssandbox.cards;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Feature;
import io.bankssandbox.SandboxRuntime;
import io.bankssandbox.http.ApiResponse;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.ErrorShape;
import io.bankssandbox.http.HttpPipeline;
import java.util.ArrayList;
import java.util.List;

/** {@code POST /v0/cards} and {@code GET /v0/cards/{card_id}}. */
public final class CardsFeature implements Feature {
    private final SandboxRuntime runtime;

    public CardsFeature(SandboxRuntime runtime, HttpPipeline pipeline) {
        this.runtime = runtime;
        pipeline.registerReplay("card", (caller, id) -> runtime.state().read(state ->
                CardView.of(CardIssuer.get(state, caller, id), state.policy)));
    }

    @Override
    public void routes(ApiRouter api) {
        api.post("/v0/cards", ErrorShape.NEST, body -> SpendingLimitRules.violations(requestedLimits(body)), request -> {
            JsonNode body = request.body();
            List<SpendingLimit> limits = new ArrayList<>();
            for (JsonNode limit : body.at("/authorization_controls/usage/multi_use/spending_limits")) {
                limits.add(new SpendingLimit(Interval.fromWire(limit.get("interval").asText()),
                        limit.get("amount").asLong(), null));
            }
            CardIssuer.IssueCard command = new CardIssuer.IssueCard(body.get("bank_account_id").asText(),
                    body.get("nickname").asText(), limits);
            return runtime.state().write(state -> {
                Card card = CardIssuer.issue(state, request.caller(), command, runtime.clock().now());
                return ApiResponse.created(CardView.of(card, state.policy), "card", card.id());
            });
        });
        api.get("/v0/cards/{card_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                CardView.of(CardIssuer.get(state, request.caller(), request.path("card_id")), state.policy))));
    }

    /** The limits of a request body as far as they can be read; the schema reports the rest. */
    private static List<SpendingLimitRules.Requested> requestedLimits(JsonNode body) {
        List<SpendingLimitRules.Requested> limits = new ArrayList<>();
        JsonNode requested = body.at("/authorization_controls/usage/multi_use/spending_limits");
        if (!requested.isArray()) {
            return limits;
        }
        for (JsonNode limit : requested) {
            JsonNode interval = limit.path("interval");
            JsonNode amount = limit.path("amount");
            Interval parsed = null;
            for (Interval candidate : Interval.values()) {
                if (candidate.wireName().equals(interval.asText(null))) {
                    parsed = candidate;
                }
            }
            if (parsed != null) {
                limits.add(new SpendingLimitRules.Requested(parsed,
                        amount.isIntegralNumber() && amount.canConvertToLong() ? amount.asLong() : null));
            }
        }
        return limits;
    }
}
