package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /_sandbox/insurance-payments} as payers really pay: a check mailed to the lockbox, the
 * ERA and the money arriving apart on the clock, provider-level adjustments (PLB), and claims denied
 * or reversed. Every answer is also checked against the OpenAPI document by the client.
 */
class RemittanceAsPayersSendItTest extends RemittanceTestBase {

    // ------------------------------------------------------------------ rule 1: a check to the lockbox

    @Test
    void aCheckPaymentIsOneSubmittedCheckInTheLockboxWhoseSerialIsTheErasCheckNumber() {
        String accountId = fixtures.riversideOperating();
        JsonNode before = account(accountId);
        int transfers = inboundTransfers();

        JsonNode answer = created(payment(30_000, 24_000, Map.of("method", "check")));

        List<String> keys = new ArrayList<>();
        answer.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("mail_item", "era");
        JsonNode mail = answer.get("mail_item");
        JsonNode era = answer.get("era");
        assertThat(mail.get("provider_id").asText()).isEqualTo(fixtures.riverside());
        assertThat(mail.get("amount").asLong()).isEqualTo(24_000);
        assertThat(mail.get("received_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(mail.get("checks")).hasSize(1);
        JsonNode check = mail.get("checks").get(0);
        assertThat(check.get("status").asText()).isEqualTo("submitted");
        assertThat(check.get("amount").asLong()).isEqualTo(24_000);
        assertThat(check.at("/hold/status").asText()).isEqualTo("held");
        assertThat(check.at("/micr/serial_number").asText()).isEqualTo(era.at("/payment/check_number").asText())
                .matches("8\\d{8}");
        assertThat(era.at("/payment/method").asText()).isEqualTo("check");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(24_000);
        assertThat(era.get("transaction_id").asText()).isEqualTo(check.get("transaction_id").asText());

        // deposited into the account asked for, held a day; no ACH at all
        JsonNode after = account(accountId);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong() + 24_000);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong());
        assertThat(inboundTransfers()).isEqualTo(transfers);
        JsonNode transaction = api.get("/v0/transactions/" + check.get("transaction_id").asText()).json();
        assertThat(transaction.at("/source/category").asText()).isEqualTo("check_deposit");
        assertThat(transaction.get("amount").asLong()).isEqualTo(24_000);

        // the deposit's transaction answers the ERA, and the check deposit lists it in its mail item
        ApiClient.Response ofTransaction = api.get("/v0/transactions/" + check.get("transaction_id").asText() + "/era");
        assertThat(ofTransaction.status()).isEqualTo(200);
        assertThat(ofTransaction.json()).isEqualTo(era);
        assertThat(api.get("/v0/check-deposits/" + check.get("id").asText()).json().get("inbound_mail_item_id").asText())
                .isEqualTo(mail.get("id").asText());
        assertThat(remittanceOf(era.get("id").asText()).get("transaction_id").asText())
                .isEqualTo(check.get("transaction_id").asText());
    }

    @Test
    void aCheckPaymentsEraWritesBprChkAndTheCheckNumberAsTrn02() {
        JsonNode era = created(payment(30_000, 24_000, Map.of("method", "check"))).get("era");
        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        String checkNumber = era.at("/payment/check_number").asText();
        assertThat(segment(x12, "BPR")).isEqualTo("BPR*I*240.00*C*CHK************20260302~");
        assertThat(segment(x12, "TRN")).isEqualTo("TRN*1*" + checkNumber + "*9000062308~");
    }

    @Test
    void aCheckToAnEntityWithoutALockboxIs409AndChangesNothing() {
        Map<String, Object> body = new LinkedHashMap<>(payment(30_000, 24_000, Map.of("method", "check")));
        body.put("account_id", fixtures.harborOperating());
        JsonNode before = state();

        assertError(pay(body), 409, "Conflict", "Account " + fixtures.harborOperating() + " belongs to entity "
                + fixtures.harbor() + ", which has no lockbox: a payment by check is mailed to the payee's lockbox");
        assertThat(state()).isEqualTo(before);
    }

    @Test
    void aPaymentDelayOnACheckIs400NamingTheRule() {
        assertError(pay(payment(30_000, 24_000, Map.of("method", "check", "payment_delay", "P1D"))), 400, "Bad Request",
                List.of("payment_delay is for ACH payments only: a check's money arrives with the mail that carries it"
                        + " (use era_delay to have the ERA come later)"));
    }

    // ------------------------------------------------------------------ rule 9: the default fixtures hold one of each

    @Test
    void theDefaultFixturesHoldACheckInTheLockboxPlbAReversalWithItsCorrectionAndAnEraAheadOfItsMoney() {
        String ortiz = fixtures.account("Ana Ortiz Operating");
        String entity = account(ortiz).get("entity_id").asText();
        List<JsonNode> remittances = LiveFixtures.allPages(api, "/v0/remittances?entity_id=" + entity, 100);
        assertThat(remittances).extracting(r -> r.at("/payer/name").asText())
                .containsExactly("UNITEDHEALTHCARE", "HUMANA", "MEDICARE PART B", "CIGNA");
        Map<String, JsonNode> eras = new LinkedHashMap<>();
        for (JsonNode era : state().get("eras")) {
            if (era.get("entity_id").asText().equals(entity)) {
                eras.put(era.at("/payer/name").asText(), era);
            }
        }

        JsonNode byCheck = eras.get("CIGNA");
        assertThat(byCheck.at("/payment/method").asText()).isEqualTo("check");
        JsonNode check = api.get("/v0/check-deposits?account_id=" + ortiz).json().at("/data/0");
        assertThat(check.at("/micr/serial_number").asText()).isEqualTo(byCheck.at("/payment/check_number").asText());
        assertThat(check.get("transaction_id").asText()).isEqualTo(byCheck.get("transaction_id").asText());
        assertThat(api.get("/v0/transactions/" + check.get("transaction_id").asText() + "/era").json().get("id"))
                .isEqualTo(byCheck.get("id"));
        assertThat(byCheck.get("claims").findValuesAsText("status")).containsExactly("paid", "paid", "denied");

        JsonNode withPlb = eras.get("MEDICARE PART B");
        assertThat(withPlb.get("provider_adjustments").findValuesAsText("reason")).containsExactly("L6", "WO");
        assertThat(withPlb.at("/payment/amount").asLong()).isEqualTo(30_600 + 187 - 4_500);
        assertThat(api.get("/v0/transactions/" + withPlb.get("transaction_id").asText()).json().get("amount").asLong())
                .isEqualTo(26_287);

        JsonNode reversal = eras.get("HUMANA");
        assertThat(reversal.get("claims").findValuesAsText("status")).containsExactly("reversed", "paid", "paid");
        assertThat(reversal.at("/claims/0/paid_amount").asLong()).isEqualTo(-17_600);
        assertThat(reversal.at("/claims/0/patient_control_number")).isEqualTo(reversal.at("/claims/1/patient_control_number"));

        JsonNode ahead = eras.get("UNITEDHEALTHCARE");
        assertThat(ahead.get("transaction_id").isNull()).isTrue();
        assertThat(remittances.get(0).get("transaction_id").isNull()).isTrue();
        assertThat(events(advance("PT16H"))).anyMatch(e -> e.startsWith("inbound_ach_transfer.created "));
        JsonNode credit = LiveFixtures.allPages(api, "/v0/inbound-ach-transfers?account_id=" + ortiz, 100).get(0);
        assertThat(credit.get("addenda").get(0).asText()).startsWith("TRN*1*" + ahead.at("/payment/check_number").asText() + "*");
        advance("PT1H");
        assertThat(LiveFixtures.allPages(api, "/v0/remittances?entity_id=" + entity, 100).get(0).get("transaction_id").asText())
                .isEqualTo(api.get("/v0/inbound-ach-transfers/" + credit.get("id").asText()).json().get("transaction_id").asText());
    }

    // ------------------------------------------------------------------ the answer without the new fields

    @Test
    void withoutTheNewFieldsTheAnswerIsTodaysByteForByte() {
        ApiClient.Response response = pay(payment(30_000, 24_000, Map.of()));
        assertThat(response.status()).isEqualTo(201);
        String text = response.text();
        String transfer = api.get("/v0/inbound-ach-transfers/" + response.json().at("/inbound_ach_transfer/id").asText())
                .text();
        assertThat(text).startsWith("{\"inbound_ach_transfer\":" + transfer + ",\"era\":{\"id\":\"era_")
                .doesNotContain("mail_item").doesNotContain("provider_adjustments").doesNotContain("era_delay");
        List<String> eraKeys = new ArrayList<>();
        response.json().get("era").fieldNames().forEachRemaining(eraKeys::add);
        assertThat(eraKeys).containsExactly("id", "transaction_id", "payer", "payee", "payment", "claims");
        // the ERA row keeps no bookkeeping of delays it does not have
        JsonNode stored = null;
        for (JsonNode era : state().get("eras")) {
            if (era.get("id").asText().equals(response.json().at("/era/id").asText())) {
                stored = era;
            }
        }
        List<String> storedKeys = new ArrayList<>();
        stored.fieldNames().forEachRemaining(storedKeys::add);
        assertThat(storedKeys).containsExactly("id", "transaction_id", "entity_id", "payer", "payee", "payment", "claims",
                "received_at", "updated_at");
    }
}
