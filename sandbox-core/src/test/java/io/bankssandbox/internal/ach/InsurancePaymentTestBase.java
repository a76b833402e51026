package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** What the insurance payment tests share: the world of accounts, a payment's body and the ERA it references. */
abstract class InsurancePaymentTestBase extends SandboxTestBase {
    static final List<String> ERA_FIELDS = List.of("id", "transaction_id", "payer", "payee", "payment", "claims");
    AchWorld world;

    String operating;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    @BeforeEach
    void reset() {
        operating = world.accountId(AchWorld.RIVERSIDE_OPERATING);
    }

    Map<String, Object> adjustment(String group, String code, long amount) {
        return Map.of("group", group, "reason_code", code, "amount", amount);
    }

    /** Two claims paying 18000 + 0: a paid office visit and a denied line. */
    Map<String, Object> payment(String accountId) {
        return Map.of(
                "account_id", accountId,
                "payer", Map.of("name", "UNITEDHEALTHCARE", "id", "1413791217"),
                "claims", List.of(
                        Map.of("patient_control_number", "PCN-1",
                                "charged_amount", 25_000, "paid_amount", 18_000,
                                "patient", Map.of("name", "JORDAN ELLIS", "subscriber_id", "W1"),
                                "service_date", "2026-02-20",
                                "service_lines", List.of(
                                        Map.of("procedure_code", "99214", "charged_amount", 25_000, "paid_amount", 18_000,
                                                "adjustments", List.of(adjustment("CO", "45", 5_000), adjustment("PR", "2", 2_000))))),
                        Map.of("patient_control_number", "PCN-2",
                                "charged_amount", 9_000, "paid_amount", 0,
                                "adjustments", List.of(adjustment("CO", "50", 9_000)))));
    }

    String trnReference(JsonNode transfer) {
        for (JsonNode line : transfer.get("addenda")) {
            if (line.asText().startsWith("TRN*")) {
                return line.asText().split("\\*")[2];
            }
        }
        throw new AssertionError("no TRN line in " + transfer);
    }

    /** {@code state} with the first paid ERA of the payment's entity carrying {@code reference}, left paid or made unpaid. */
    JsonNode withEraReferencing(JsonNode state, String reference, boolean paid) {
        JsonNode document = state.deepCopy();
        String entityId = world.api.get("/v0/accounts/" + operating).json().get("entity_id").asText();
        for (JsonNode era : document.get("eras")) {
            if (era.get("entity_id").asText().equals(entityId) && !era.get("transaction_id").isNull()) {
                ((ObjectNode) era.get("payment")).put("check_number", reference);
                if (!paid) {
                    ((ObjectNode) era).putNull("transaction_id");
                }
                return document;
            }
        }
        throw new AssertionError("no paid ERA of " + entityId);
    }

    String newPaymentsReference() {
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", payment(operating));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().at("/era/payment/check_number").asText();
    }
}
