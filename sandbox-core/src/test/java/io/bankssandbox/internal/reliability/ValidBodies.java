package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.util.List;
import java.util.Map;

/**
 * A body each POST/PUT route accepts on the default fixtures, as the starting point of mutations:
 * a mutation of a valid body reaches the deeper rules (domain checks after the schema), where a
 * random body stops at the first field. Routes missing here start from {@code {}}.
 */
final class ValidBodies {
    private final JsonNode export;
    private final String riverside;
    private final String operating;
    private final String payroll;
    private final String medline;

    ValidBodies(JsonNode export) {
        this.export = export;
        this.riverside = export.get("entities").get(0).get("id").asText();
        this.operating = idWhere("accounts", "name", "Riverside Operating");
        this.payroll = idWhere("accounts", "name", "Riverside Payroll");
        this.medline = idWhere("external_accounts", "nickname", "Medline supplies");
    }

    String riverside() {
        return riverside;
    }

    String operating() {
        return operating;
    }

    String payroll() {
        return payroll;
    }

    String medline() {
        return medline;
    }

    private String idWhere(String section, String field, String value) {
        for (JsonNode row : export.get(section)) {
            if (value.equals(row.path(field).asText())) {
                return row.get("id").asText();
            }
        }
        throw new AssertionError("no " + section + " with " + field + " " + value + " in the default fixtures");
    }

    /** The valid body for an operation, or an empty object. */
    ObjectNode forRoute(RouteCatalog.Route route) {
        Object body = switch (route.method() + " " + route.template()) {
            case "POST /v0/cards" -> card(operating);
            case "POST /v0/external-accounts" -> externalAccount(riverside, "4471002231");
            case "POST /v0/book-transfer", "POST /v0/internal-transfer" ->
                    Map.of("source_account_id", operating, "destination_account_id", payroll, "amount", 1_234,
                            "description", "Payroll top up");
            case "POST /v0/ach-transfer" -> Map.of("source_account_id", operating, "destination_account_id", medline,
                    "amount", 2_500, "description", "Invoice 4471");
            case "POST /_sandbox/clock/advance" -> Map.of("by", "PT2H");
            case "POST /_sandbox/inbound-ach-transfers" -> Map.of("account_id", operating, "amount", 5_000,
                    "originator_company_name", "AETNA", "addenda", List.of("TRN*1*12345*1066033492~"));
            case "POST /_sandbox/insurance-payments" -> Map.of("account_id", operating,
                    "payer", Map.of("name", "UNITEDHEALTHCARE", "id", "1413791217"),
                    "claims", List.of(Map.of("patient_control_number", "PCN-1", "charged_amount", 25_000,
                            "paid_amount", 18_000, "patient", Map.of("name", "JORDAN ELLIS", "subscriber_id", "W1"),
                            "service_date", "2026-02-20",
                            "adjustments", List.of(Map.of("group", "CO", "reason", "45", "amount", 7_000)))));
            case "POST /_sandbox/providers/{provider_id}/mail" -> Map.of("checks", List.of(
                    Map.of("amount", 4_200), Map.of("amount", 999, "status", "rejected")));
            case "POST /_sandbox/cards/{card_id}/authorizations" -> Map.of("amount", 1_000,
                    "merchant_category_code", "5912", "merchant_country", "US");
            case "POST /_sandbox/faults" -> Map.of("method", "GET", "path", "/v0/entities", "status", 503, "times", 1);
            case "POST /_sandbox/inbound-ach-transfers/{id}/decline" -> Map.of("reason", "payment_stopped");
            case "POST /_sandbox/inbound-ach-transfers/{id}/return", "POST /_sandbox/ach-transfers/{ach_transfer_id}/return" ->
                    Map.of("reason", "no_account");
            case "PUT /_sandbox/state" -> export;
            default -> Map.of();
        };
        return (ObjectNode) Json.MAPPER.valueToTree(body);
    }

    static Map<String, Object> card(String accountId) {
        return Map.of("bank_account_id", accountId, "nickname", "Supplies",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", List.of(
                                Map.of("interval", "per_transaction", "amount", 5_000),
                                Map.of("interval", "per_day", "amount", 20_000))))));
    }

    static ObjectNode externalAccount(String entityId, String accountNumber) {
        ObjectNode body = Json.MAPPER.createObjectNode()
                .put("entity_id", entityId)
                .put("nickname", "Medline supplies")
                .put("holder_type", "business")
                .put("routing_number", "021000021")
                .put("account_number", accountNumber)
                .put("holder_name", "Medline Industries, LP");
        body.putObject("holder_address")
                .put("line1", "200 Vendor Pkwy")
                .put("city", "Chicago")
                .put("state", "IL")
                .put("postal_code", "60601")
                .put("country", "US");
        return body;
    }
}
