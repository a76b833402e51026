package io.bankssandbox.internal.ach;

import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertNotFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InsurancePaymentTest extends SandboxTestBase {
    private static final List<String> ERA_FIELDS = List.of("id", "transaction_id", "payer", "payee", "payment", "claims");
    private AchWorld world;

    private String operating;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    @BeforeEach
    void reset() {
        operating = world.accountId(AchWorld.RIVERSIDE_OPERATING);
    }

    private Map<String, Object> adjustment(String group, String code, long amount) {
        return Map.of("group", group, "reason_code", code, "amount", amount);
    }

    /** Two claims paying 18000 + 0: a paid office visit and a denied line. */
    private Map<String, Object> payment(String accountId) {
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

    private String trnReference(JsonNode transfer) {
        for (JsonNode line : transfer.get("addenda")) {
            if (line.asText().startsWith("TRN*")) {
                return line.asText().split("\\*")[2];
            }
        }
        throw new AssertionError("no TRN line in " + transfer);
    }

    @Test
    void insurancePaymentIsAPendingAchCreditWhoseTrnIsItsErasCheckNumber() {
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", payment(operating));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        JsonNode ach = response.json().get("inbound_ach_transfer");
        JsonNode era = response.json().get("era");

        assertThat(ach.get("status").asText()).isEqualTo("pending");
        assertThat(ach.get("amount").asLong()).isEqualTo(18_000);
        assertThat(ach.get("account_id").asText()).isEqualTo(operating);
        assertThat(ach.get("originator_company_name").asText()).isEqualTo("UNITEDHEALTHCARE");
        assertThat(ach.get("addenda")).hasSize(2);
        String reference = trnReference(ach);
        assertThat(ach.get("addenda").get(0).asText()).isEqualTo("TRN*1*" + reference + "*1413791217~");
        // the payee's tax id, as on the fixture's Riverside payments
        assertThat(ach.get("addenda").get(1).asText()).isEqualTo("REF*TJ*012364329~");

        assertThat(AchWorld.fieldNames(era)).containsExactlyInAnyOrderElementsOf(ERA_FIELDS);
        assertThat(era.get("id").asText()).startsWith("era_");
        assertThat(era.get("transaction_id").isNull()).isTrue();
        assertThat(era.get("payer").get("name").asText()).isEqualTo("UNITEDHEALTHCARE");
        assertThat(era.get("payee").get("name").asText()).isEqualTo("Riverside Family Medicine, P.C.");
        assertThat(era.get("payee").get("npi").asText()).isEqualTo("1093429227");
        assertThat(era.get("payment").get("method").asText()).isEqualTo("ach");
        assertThat(era.get("payment").get("check_number").asText()).isEqualTo(reference);
        assertThat(era.get("payment").get("amount").asLong()).isEqualTo(18_000);
        assertThat(era.get("payment").get("date").asText()).isEqualTo("2026-03-02T00:00:00.000Z");
    }

    /** {@code state} with the first paid ERA of the payment's entity carrying {@code reference}, left paid or made unpaid. */
    private JsonNode withEraReferencing(JsonNode state, String reference, boolean paid) {
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

    private String newPaymentsReference() {
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", payment(operating));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().at("/era/payment/check_number").asText();
    }

    @Test
    void aNewPaymentsTrnReferenceIsNoUnpaidEraOfTheEntityButMayRepeatAPaidOnes() {
        JsonNode start = sandbox.exportState();
        String drawn = newPaymentsReference();

        sandbox.importState(withEraReferencing(start, drawn, false));
        String next = newPaymentsReference();
        assertThat(next).as("another draw than the unpaid ERA's").isNotEqualTo(drawn).matches("8\\d{8}");

        sandbox.importState(withEraReferencing(start, drawn, true));
        assertThat(newPaymentsReference()).as("a paid ERA matches no new payment").isEqualTo(drawn);
    }

    @Test
    void optionalClaimFieldsAreDefaulted() {
        JsonNode era = world.api.post("/_sandbox/insurance-payments", payment(operating)).json().get("era");
        JsonNode paid = era.get("claims").get(0);
        assertThat(paid.get("status").asText()).isEqualTo("paid");
        assertThat(paid.get("payer_claim_number").asText()).isNotEmpty();
        assertThat(paid.get("patient_responsibility").asLong()).isEqualTo(2_000);
        assertThat(paid.get("service_date").asText()).isEqualTo("2026-02-20T00:00:00.000Z");
        assertThat(paid.get("service_end_date").isNull()).isTrue();
        assertThat(paid.get("adjustments")).isEmpty();
        JsonNode line = paid.get("service_lines").get(0);
        assertThat(line.get("modifiers")).isEmpty();
        assertThat(line.get("remark_codes")).isEmpty();
        assertThat(line.get("units").asLong()).isEqualTo(1);
        assertThat(line.get("adjustments").get(0).get("reason").asText())
                .isEqualTo("Charge exceeds fee schedule/maximum allowable");
        JsonNode denied = era.get("claims").get(1);
        assertThat(denied.get("status").asText()).isEqualTo("denied");
        assertThat(denied.get("patient_responsibility").asLong()).isZero();
        assertThat(denied.get("service_lines")).isEmpty();
        assertThat(denied.get("patient").get("name").asText()).isNotEmpty();
    }

    @Test
    void eraIsReachedThroughTheAchTransactionOnceTheTransferIsAccepted() {
        JsonNode created = world.api.post("/_sandbox/insurance-payments", payment(operating)).json();
        String achId = created.get("inbound_ach_transfer").get("id").asText();
        AchWorld.Balance before = world.balance(operating);

        world.advance("PT1H");
        JsonNode accepted = world.transfer(achId);
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(world.balance(operating)).isEqualTo(before.plus(18_000 + 125_000 - 42_000));
        String transactionId = accepted.get("transaction_id").asText();

        ApiClient.Response response = world.api.get("/v0/transactions/" + transactionId + "/era");
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode era = response.json();
        assertThat(AchWorld.fieldNames(era)).containsExactlyInAnyOrderElementsOf(ERA_FIELDS);
        assertThat(era.get("id").asText()).isEqualTo(created.get("era").get("id").asText());
        assertThat(era.get("transaction_id").asText()).isEqualTo(transactionId);
        assertThat(era.get("payment").get("check_number").asText()).isEqualTo(trnReference(accepted));
        assertThat(era.get("claims")).isEqualTo(created.get("era").get("claims"));
    }

    @Test
    void eraOfADeclinedPaymentStaysUnlinked() {
        JsonNode created = world.api.post("/_sandbox/insurance-payments", payment(operating)).json();
        String achId = created.get("inbound_ach_transfer").get("id").asText();
        world.move(achId, "decline", Map.of());
        world.advance("PT2H");
        // no transaction names it; the state keeps it waiting
        JsonNode stored = null;
        for (JsonNode era : sandbox.exportState().get("eras")) {
            if (era.get("id").asText().equals(created.get("era").get("id").asText())) {
                stored = era;
            }
        }
        assertThat(stored).isNotNull();
        assertThat(stored.get("transaction_id").isNull()).isTrue();
    }

    @Test
    void fixtureInsurancePaymentReconcilesWithItsEra() {
        JsonNode aetna = null;
        for (JsonNode transfer : AchWorld.walk(world.api, "", 100)) {
            if (transfer.has("addenda") && transfer.get("addenda").get(0).asText().startsWith("TRN*1*883100027*")) {
                aetna = transfer;
            }
        }
        assertThat(aetna).isNotNull();
        assertThat(aetna.get("status").asText()).isEqualTo("accepted");
        JsonNode era = world.api.get("/v0/transactions/" + aetna.get("transaction_id").asText() + "/era").json();
        assertThat(era.get("payment").get("check_number").asText()).isEqualTo("883100027");
        assertThat(era.get("payment").get("amount").asLong()).isEqualTo(aetna.get("amount").asLong());
        assertThat(era.get("payer").get("name").asText()).isEqualTo("AETNA");
        // TRN03 is the payer's 10-character originating company id, which the fixture's payer id already is
        assertThat(era.get("payer").get("id").asText()).isEqualTo("1066033492");
        assertThat(aetna.get("addenda").get(0).asText()).isEqualTo("TRN*1*883100027*1066033492~");
        // the key that sees Riverside sees it too
        assertThat(world.one.get("/v0/transactions/" + aetna.get("transaction_id").asText() + "/era").status())
                .isEqualTo(200);
    }

    @Test
    void unbalancedClaimsAre400NamingTheClaimAndTheEquation() {
        int before = AchWorld.walk(world.api, "", 100).size();
        Map<String, Object> body = Map.of(
                "account_id", operating,
                "payer", Map.of("name", "CIGNA", "id", "1323268215"),
                "claims", List.of(Map.of("patient_control_number", "PCN-9",
                        "charged_amount", 20_000, "paid_amount", 15_000,
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 20_000,
                                "paid_amount", 15_000, "adjustments", List.of(adjustment("CO", "45", 4_000)))))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactly(
                "claims[0] (patient_control_number PCN-9) service_lines[0] (procedure_code 99213) does not balance: "
                        + "charged_amount - paid_amount = 20000 - 15000 = 5000, but the line's adjustments sum to 4000",
                "claims[0] (patient_control_number PCN-9) does not balance: charged_amount - paid_amount = 20000 - 15000"
                        + " = 5000, but the claim's adjustments plus its service lines' adjustments sum to 4000");
        assertThat(AchWorld.walk(world.api, "", 100)).hasSize(before);
    }

    @Test
    void aPayerIdThatIsNotACompanyIdBecomesOneInTheAddendaTrn() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "UNITEDHEALTHCARE", "id", "87726"),
                "claims", List.of(Map.of("patient_control_number", "PCN-5", "charged_amount", 5_000, "paid_amount", 5_000)));
        JsonNode ach = world.api.post("/_sandbox/insurance-payments", body).json().get("inbound_ach_transfer");
        assertThat(ach.get("addenda").get(0).asText()).isEqualTo("TRN*1*" + trnReference(ach) + "*9000087726~");
    }

    @Test
    void aClaimGivenOnlyItsAmountsIsBalancedWithThePatientsShareAndAFeeScheduleAdjustment() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-6", "charged_amount", 28_000,
                        "paid_amount", 20_500, "patient_responsibility", 2_500)));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        JsonNode claim = response.json().at("/era/claims/0");
        assertThat(claim.get("patient_responsibility").asLong()).isEqualTo(2_500);
        assertThat(claim.get("adjustments")).hasSize(2);
        assertThat(claim.at("/adjustments/0/group").asText()).isEqualTo("PR");
        assertThat(claim.at("/adjustments/0/reason_code").asText()).isEqualTo("2");
        assertThat(claim.at("/adjustments/0/reason").asText()).isEqualTo("Coinsurance amount");
        assertThat(claim.at("/adjustments/0/amount").asLong()).isEqualTo(2_500);
        assertThat(claim.at("/adjustments/1/group").asText()).isEqualTo("CO");
        assertThat(claim.at("/adjustments/1/reason_code").asText()).isEqualTo("45");
        assertThat(claim.at("/adjustments/1/reason").asText()).isEqualTo("Charge exceeds fee schedule/maximum allowable");
        assertThat(claim.at("/adjustments/1/amount").asLong()).isEqualTo(5_000);
        assertThat(claim.get("service_lines")).isEmpty();
    }

    @Test
    void aClaimPaidInFullGetsNoAdjustmentAndOneWithoutAPatientShareOnlyCo45() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(
                        Map.of("patient_control_number", "PCN-F", "charged_amount", 9_000, "paid_amount", 9_000),
                        Map.of("patient_control_number", "PCN-C", "charged_amount", 9_000, "paid_amount", 7_000)));
        JsonNode claims = world.api.post("/_sandbox/insurance-payments", body).json().at("/era/claims");
        assertThat(claims.at("/0/adjustments")).isEmpty();
        assertThat(claims.at("/1/adjustments")).hasSize(1);
        assertThat(claims.at("/1/adjustments/0/group").asText()).isEqualTo("CO");
        assertThat(claims.at("/1/adjustments/0/amount").asLong()).isEqualTo(2_000);
        assertThat(claims.at("/1/patient_responsibility").asLong()).isZero();
    }

    @Test
    void explicitAdjustmentsWinOverTheImpliedOnesAndMustBalance() {
        Map<String, Object> kept = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-E", "charged_amount", 10_000,
                        "paid_amount", 8_000, "patient_responsibility", 500,
                        "adjustments", List.of(adjustment("OA", "23", 1_500), adjustment("PR", "3", 500)))));
        JsonNode claim = world.api.post("/_sandbox/insurance-payments", kept).json().at("/era/claims/0");
        assertThat(claim.get("adjustments")).hasSize(2);
        assertThat(claim.at("/adjustments/0/group").asText()).isEqualTo("OA");
        assertThat(claim.at("/adjustments/1/reason_code").asText()).isEqualTo("3");

        Map<String, Object> unbalanced = Map.of("account_id", operating, "payer", Map.of("name", "AETNA", "id", "60054"),
                "claims", List.of(Map.of("patient_control_number", "PCN-U", "charged_amount", 10_000,
                        "paid_amount", 8_000, "patient_responsibility", 500,
                        "adjustments", List.of(adjustment("PR", "3", 500)))));
        ApiClient.Response refused = world.api.post("/_sandbox/insurance-payments", unbalanced);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").get(0).asText()).isEqualTo(
                "claims[0] (patient_control_number PCN-U) does not balance: charged_amount - paid_amount = 10000 - 8000"
                        + " = 2000, but the claim's adjustments plus its service lines' adjustments sum to 500");
    }

    /** That a service date exists is its schema's (a pattern of the days each month has): one message, no reading. */
    @Test
    void aServiceDateThatDoesNotExistIsItsSchemas400() {
        for (String day : List.of("2026-02-30", "2025-02-29", "2026-04-31T10:00:00Z", "2026-03-02T10:00:00+19:00")) {
            Map<String, Object> claim = Map.of("patient_control_number", "PCN-D", "charged_amount", 100, "paid_amount", 100,
                    "service_date", day, "service_end_date", day);
            ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                    "payer", Map.of("name", "AETNA", "id", "60054"), "claims", List.of(claim)));
            assertThat(response.status()).as(day).isEqualTo(400);
            assertThat(response.json().get("message").toString()).as(day).isEqualTo("[\"claims[0].service_date must be a date"
                    + " or an ISO 8601 timestamp\",\"claims[0].service_end_date must be null, a date or an ISO 8601 timestamp\"]");
        }
        Map<String, Object> leap = Map.of("patient_control_number", "PCN-L", "charged_amount", 100, "paid_amount", 100,
                "service_date", "2024-02-29", "service_end_date", "2024-03-01T09:30:00-05:00");
        assertThat(world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                "payer", Map.of("name", "AETNA", "id", "60054"), "claims", List.of(leap))).status()).isEqualTo(201);
    }

    @Test
    void valuesThe835CannotCarryAre400() {
        Map<String, Object> claim = Map.of("patient_control_number", "PCN-X", "charged_amount", 100, "paid_amount", 100,
                "patient", Map.of("name", "PAT DOE", "subscriber_id", "W"),
                "service_lines", List.of(Map.of("procedure_code", "99213", "modifiers", List.of("2"),
                        "charged_amount", 100, "paid_amount", 100)),
                "adjustments", List.of(adjustment("CR", "45", 0)));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                "payer", Map.of("name", "AETNA", "id", "X".repeat(51)), "claims", List.of(claim)));
        assertThat(response.status()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactlyInAnyOrder(
                "payer.id must be 1 to 50 characters without * or ~ (the 835 carries it in REF02, at most 50)",
                "claims[0].patient.subscriber_id must be 2 to 80 characters without * or ~ (the 835's NM109 is 2 to 80)",
                "claims[0].service_lines[0].modifiers[0] must be 2 letters or digits, a procedure modifier such as 25",
                "claims[0].adjustments[0].group must be one of the following values: CO, OA, PI, PR");
    }

    @Test
    void claimLevelAdjustmentsCountTowardTheClaimsBalance() {
        Map<String, Object> body = Map.of(
                "account_id", operating,
                "payer", Map.of("name", "CIGNA", "id", "1323268215"),
                "claims", List.of(Map.of("patient_control_number", "PCN-8",
                        "charged_amount", 20_000, "paid_amount", 14_000,
                        "adjustments", List.of(adjustment("OA", "23", 1_000)),
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 20_000,
                                "paid_amount", 15_000, "adjustments", List.of(adjustment("CO", "45", 5_000)))))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        assertThat(response.json().get("inbound_ach_transfer").get("amount").asLong()).isEqualTo(14_000);
    }

    @Test
    void entityWithoutAnNpiCannotBeAnErasPayee() {
        String harbor = world.accountId(AchWorld.HARBOR_OPERATING);
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", payment(harbor));
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText()).contains("has no NPI");
    }

    @Test
    void claimsPayingNothingAre400() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "CIGNA", "id", "1"),
                "claims", List.of(Map.of("patient_control_number", "PCN-7", "charged_amount", 100, "paid_amount", 0,
                        "adjustments", List.of(adjustment("CO", "50", 100)))));
        ApiClient.Response response = world.api.post("/_sandbox/insurance-payments", body);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText())
                .startsWith("the claims' paid_amount must sum to a positive amount");
    }

    @Test
    void malformedPaymentsAre400AndUnknownAccount404() {
        ApiClient.Response noClaims = world.api.post("/_sandbox/insurance-payments",
                Map.of("account_id", operating, "payer", Map.of("name", "CIGNA", "id", "1"), "claims", List.of()));
        assertThat(noClaims.status()).isEqualTo(400);
        assertThat(noClaims.json().get("message").get(0).asText()).isEqualTo("claims must contain at least 1 elements");
        ApiClient.Response separator = world.api.post("/_sandbox/insurance-payments",
                Map.of("account_id", operating, "payer", Map.of("name", "CIG*NA", "id", "1"),
                        "claims", List.of(Map.of("patient_control_number", "P", "charged_amount", 1, "paid_amount", 1))));
        assertThat(separator.status()).isEqualTo(400);
        assertThat(separator.json().get("message").get(0).asText())
                .isEqualTo("payer.name must be 1 to 60 characters without * or ~ (they separate X12 segments)");
        assertNotFound(world.api.post("/_sandbox/insurance-payments", payment("account_nope")),
                "Account account_nope not found");
    }

    @Test
    void eraRouteAnswers404ForUnknownTransactionsAndTransactionsWithoutEra() {
        assertNotFound(world.api.get("/v0/transactions/transaction_nope/era"), "Transaction transaction_nope not found");

        String credit = world.pending(125_000).get("id").asText();
        String transactionId = world.move(credit, "accept", Map.of()).json().get("transaction_id").asText();
        assertNotFound(world.api.get("/v0/transactions/" + transactionId + "/era"),
                "ERA for transaction " + transactionId + " not found");
    }

    @Test
    void eraOfAnotherEntitysTransactionIsNotFound() {
        String lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        JsonNode created = world.api.post("/_sandbox/insurance-payments", payment(lakeside)).json();
        String transactionId = world.move(created.get("inbound_ach_transfer").get("id").asText(), "accept", Map.of())
                .json().get("transaction_id").asText();
        assertThat(world.api.get("/v0/transactions/" + transactionId + "/era").status()).isEqualTo(200);
        assertNotFound(world.one.get("/v0/transactions/" + transactionId + "/era"),
                "Transaction " + transactionId + " not found");
    }
}
