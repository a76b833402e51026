package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * X12 has no escape character, so the 835 writes its delimiters ({@code * ~ : ^}) as spaces; a value made
 * only of them and of spaces would leave an element the guide requires empty, and its 835 could not be
 * written (a 500 before). Every road such a value could come in by refuses it with a 400 naming the
 * field: the insurance payment, onboarding an entity (its name is the ERA's payee), and a loaded state.
 */
class BlankX12ElementTest extends SandboxTestBase {

    private Map<String, Object> payment(Map<String, Object> payer, Map<String, Object> claim) {
        return Map.of("account_id", riversideOperatingAccountId(), "payer", payer, "claims", List.of(claim));
    }

    private static Map<String, Object> claim(String pcn, String patientName, String procedureCode) {
        Map<String, Object> claim = new HashMap<>(Map.of("patient_control_number", pcn, "charged_amount", 25_000,
                "paid_amount", 18_000, "patient", Map.of("name", patientName, "subscriber_id", "W1"),
                "service_date", "2026-02-20"));
        if (procedureCode != null) {
            claim.put("service_lines", List.of(Map.of("procedure_code", procedureCode, "charged_amount", 25_000,
                    "paid_amount", 18_000, "adjustments", List.of(Map.of("group", "CO", "reason_code", "45",
                            "amount", 7_000)))));
        }
        return claim;
    }

    @Test
    void anInsurancePaymentWhoseValuesAreOnlyDelimitersOrSpacesIsRefusedNamingEachField() {
        ApiClient.Response refused = control.post("/_sandbox/insurance-payments", payment(
                Map.of("name", ":", "id", "1413791217"), claim(" ^ ", "   ", ": ^")));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("error").asText()).isEqualTo("Bad Request");
        assertThat(refused.json().get("message")).extracting(JsonNode::asText).containsExactlyInAnyOrder(
                "payer.name must hold a character other than a space, : or ^ (the 835 cannot leave its element empty)",
                "claims[0].patient_control_number must hold a character other than a space, : or ^ (the 835 cannot leave its element empty)",
                "claims[0].patient.name must hold a character other than a space, : or ^ (the 835 cannot leave its element empty)",
                "claims[0].service_lines[0].procedure_code must hold a character other than a space, : or ^ (the 835 cannot leave its element empty)");
        assertThat(control.get("/_sandbox/requests").json().get("data")).isEmpty();
    }

    @Test
    void aValueWithOneOrdinaryCharacterAmongTheDelimitersMakesAnEraAndIts835() {
        ApiClient.Response paid = control.post("/_sandbox/insurance-payments", payment(
                Map.of("name", ": A ^", "id", "1413791217"), claim("^7^", "\u0301", "9:9")));
        assertThat(paid.status()).isEqualTo(201);
        String remittance = paid.json().get("era").get("id").asText().replaceFirst("^era_", "remittance_");

        ApiClient.Response x12 = api.get("/v0/remittances/" + remittance + "/era");

        assertThat(x12.status()).isEqualTo(200);
        assertThat(x12.text()).contains("N1*PR*A~").contains("CLP*7*").contains("NM1*QC*1*?*");
    }

    @Test
    void anEntityNamedOnlyWithDelimitersIsNotOnboarded() {
        ApiClient.Response refused = control.post("/_sandbox/entities", Map.of("name", " :: ", "structure", "llc",
                "address", Map.of("line1", "1 Main St", "line2", "", "city", "Chicago", "state", "IL",
                        "postalCode", "60601")));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message")).extracting(JsonNode::asText).containsExactly(
                "name must hold a character other than a space, * ~ : or ^ (an 835 names the entity with it)");
    }

    @Test
    void aStateWhoseEraPayerIsOnlyDelimitersIsRefusedAndTheOldStateKept() {
        JsonNode state = control.get("/_sandbox/state").json();
        ObjectNode era = (ObjectNode) state.get("eras").get(0);
        String before = era.get("payer").get("name").asText();
        ((ObjectNode) era.get("payer")).put("name", "*~");

        ApiClient.Response refused = control.put("/_sandbox/state", state);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().toString()).contains("payer").contains("must hold a character other than a space");
        assertThat(control.get("/_sandbox/state").json().get("eras").get(0).get("payer").get("name").asText())
                .isEqualTo(before);
    }
}
