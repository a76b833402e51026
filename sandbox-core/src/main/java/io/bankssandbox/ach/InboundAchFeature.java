package io.bankssandbox.ach;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.runtime.Feature;
import io.bankssandbox.runtime.SandboxRuntime;
import io.bankssandbox.clock.TimeMachine;
import io.bankssandbox.era.EraView;
import io.bankssandbox.http.ApiException;
import io.bankssandbox.http.ApiResponse;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.Cursors;
import io.bankssandbox.http.ErrorShape;
import io.bankssandbox.http.PageView;
import io.bankssandbox.state.Json;
import io.bankssandbox.state.SandboxState;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Inbound ACH transfers: {@code GET /v0/inbound-ach-transfers} (and one by id), their automatic
 * resolution on the clock, and the control routes that simulate arrivals, move transfers by hand
 * and simulate insurance payments (an ACH credit plus its ERA).
 */
public final class InboundAchFeature implements Feature {
    private final SandboxRuntime runtime;

    public InboundAchFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/inbound-ach-transfers", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                PageView.of(InboundAchLifecycle.list(state, request.caller(), request.query("account_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit")),
                        InboundAchTransferView::of))));
        api.get("/v0/inbound-ach-transfers/{id}", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(InboundAchTransferView.of(
                        InboundAchLifecycle.get(state, request.caller(), request.path("id"))))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/inbound-ach-transfers", ErrorShape.NEST, request -> {
            InboundAchLifecycle.Arrival arrival = arrival(request.body());
            return created(state -> {
                InboundAchTransfer transfer = InboundAchLifecycle.arrive(state, arrival, runtime.clock().now());
                resolveDue(state);
                return InboundAchTransferView.of(state.inboundAchTransfers.get(transfer.id()));
            });
        });
        control.post("/_sandbox/inbound-ach-transfers/{id}/accept", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.accept(state, request.path("id"), runtime.clock().now())));
        control.post("/_sandbox/inbound-ach-transfers/{id}/decline", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.decline(state, request.path("id"), text(request.body(), "reason"),
                        runtime.clock().now())));
        control.post("/_sandbox/inbound-ach-transfers/{id}/return", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.returnTransfer(state, request.path("id"), text(request.body(), "reason"),
                        runtime.clock().now())));
        control.post("/_sandbox/insurance-payments", ErrorShape.NEST, request -> {
            InsurancePayments.Payment payment = read(request.body(), InsurancePayments.Payment.class);
            return created(state -> {
                InsurancePayments.Received received = InsurancePayments.receive(state, payment, runtime.clock().now());
                return new InsurancePaymentView(InboundAchTransferView.of(received.transfer()),
                        EraView.of(received.era()));
            });
        });
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(InboundAchLifecycle.RESOLVE, InboundAchLifecycle::resolve);
    }

    @Override
    public void schedule(SandboxState state) {
        InboundAchLifecycle.scheduleAll(state);
    }

    private ApiResponse created(Function<SandboxState, Object> action) {
        return new ApiResponse(201, runtime.state().write(action), "application/json", null, null);
    }

    private ApiResponse moved(Function<SandboxState, InboundAchTransfer> action) {
        return ApiResponse.ok(runtime.state().write(state -> InboundAchTransferView.of(action.apply(state))));
    }

    /** A transfer told to resolve now resolves before the answer, as the clock would have it. */
    private void resolveDue(SandboxState state) {
        runtime.timeMachine().applyDue(state, runtime.clock().now());
    }

    private static InboundAchLifecycle.Arrival arrival(JsonNode body) {
        List<String> problems = new ArrayList<>();
        List<String> addenda = null;
        if (body.has("addenda")) {
            addenda = new ArrayList<>();
            for (JsonNode line : body.get("addenda")) {
                addenda.add(line.asText());
            }
        }
        Instant resolvesAt = null;
        if (body.has("automatically_resolves_at")) {
            try {
                resolvesAt = OffsetDateTime.parse(body.get("automatically_resolves_at").asText()).toInstant();
            } catch (DateTimeParseException e) {
                problems.add("automatically_resolves_at must be an ISO 8601 timestamp such as 2026-03-02T16:00:00Z");
            }
        }
        LocalDate effectiveDate = null;
        if (body.has("effective_date")) {
            try {
                effectiveDate = LocalDate.parse(body.get("effective_date").asText());
            } catch (DateTimeParseException e) {
                problems.add("effective_date must be a date such as 2026-03-02");
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        return new InboundAchLifecycle.Arrival(body.get("account_id").asText(), body.get("amount").asLong(),
                text(body, "originator_company_name"), text(body, "originator_company_entry_description"),
                text(body, "standard_entry_class_code"), addenda, text(body, "resolves_to"),
                text(body, "decline_reason"), resolvesAt, effectiveDate, text(body, "trace_number"));
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static <T> T read(JsonNode body, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(body, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            // the schema has checked the body already; this is a last line, not the usual path
            throw ApiException.validation(List.of("request body does not match its schema: " + e.getMessage().lines().findFirst().orElse("")));
        }
    }
}
