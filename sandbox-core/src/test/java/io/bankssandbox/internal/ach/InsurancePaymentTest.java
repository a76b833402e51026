package io.bankssandbox.internal.ach;

import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertNotFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
class InsurancePaymentTest extends InsurancePaymentTestBase {

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
    void aPayerIdThatIsNotACompanyIdBecomesOneInTheAddendaTrn() {
        Map<String, Object> body = Map.of("account_id", operating, "payer", Map.of("name", "UNITEDHEALTHCARE", "id", "87726"),
                "claims", List.of(Map.of("patient_control_number", "PCN-5", "charged_amount", 5_000, "paid_amount", 5_000)));
        JsonNode ach = world.api.post("/_sandbox/insurance-payments", body).json().get("inbound_ach_transfer");
        assertThat(ach.get("addenda").get(0).asText()).isEqualTo("TRN*1*" + trnReference(ach) + "*9000087726~");
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
