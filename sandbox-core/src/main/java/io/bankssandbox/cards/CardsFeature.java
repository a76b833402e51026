package io.bankssandbox.cards;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.runtime.Feature;
import io.bankssandbox.runtime.SandboxRuntime;
import io.bankssandbox.http.ApiResponse;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.ErrorShape;
import io.bankssandbox.http.HttpPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code POST /v0/cards}, {@code GET} and {@code DELETE /v0/cards/{card_id}}, and the simulated card
 * payment {@code POST /_sandbox/cards/{card_id}/authorizations}.
 */
public final class CardsFeature implements Feature {
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final String DEFAULT_MERCHANT_COUNTRY = "US";

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
        api.delete("/v0/cards/{card_id}", ErrorShape.NEST, request -> runtime.state().write(state -> ApiResponse.ok(
                CardView.of(CardIssuer.cancel(state, request.caller(), request.path("card_id")), state.policy))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/cards/{card_id}/authorizations", ErrorShape.NEST, CardsFeature::countryViolations,
                request -> {
                    JsonNode body = request.body();
                    CardAuthorizer.PaymentRequest payment = new CardAuthorizer.PaymentRequest(
                            body.get("amount").asLong(), body.get("merchant_category_code").asText(),
                            body.path("merchant_country").asText(DEFAULT_MERCHANT_COUNTRY));
                    return runtime.state().write(state -> ApiResponse.ok(CardAuthorizer.authorize(
                            state, request.path("card_id"), payment, runtime.clock().now())));
                });
    }

    /** Two capital letters that no country has (XX, say) pass the schema's pattern but not this. */
    private static List<String> countryViolations(JsonNode body) {
        JsonNode country = body.path("merchant_country");
        if (country.isTextual() && country.asText().matches("[A-Z]{2}") && !COUNTRIES.contains(country.asText())) {
            return List.of("merchant_country must be an ISO 3166-1 alpha-2 country code such as US");
        }
        return List.of();
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
