package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
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
class RemittanceAsPayersSendItTest extends SandboxTestBase {
    private static final Instant START = Instant.parse("2026-03-02T15:00:00Z");
    private static final String NPI = "1093429227";

    /** A payment into Riverside Operating of one claim paying {@code paid} of {@code charged}, with {@code extra} fields. */
    private Map<String, Object> payment(long charged, long paid, Map<String, Object> extra) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("account_id", fixtures.riversideOperating());
        body.put("payer", Map.of("name", "CIGNA", "id", "62308"));
        body.put("claims", List.of(Map.of("patient_control_number", "PCN-77", "charged_amount", charged,
                "paid_amount", paid, "patient", Map.of("name", "DANA WHITE", "subscriber_id", "U7781"))));
        body.putAll(extra);
        return body;
    }

    private ApiClient.Response pay(Map<String, Object> body) {
        return control.post("/_sandbox/insurance-payments", body);
    }

    private JsonNode created(Map<String, Object> body) {
        ApiClient.Response response = pay(body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    private JsonNode advance(String by) {
        ApiClient.Response response = control.post("/_sandbox/clock/advance", Map.of("by", by));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    private static List<String> events(JsonNode advanced) {
        List<String> events = new ArrayList<>();
        advanced.get("events").forEach(e -> events.add(e.get("type").asText() + " " + e.get("id").asText()));
        return events;
    }

    private JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    private List<JsonNode> remittancesOfRiverside() {
        return LiveFixtures.allPages(api, "/v0/remittances?entity_id=" + fixtures.riverside(), 100);
    }

    private JsonNode remittanceOf(String eraId) {
        String id = "remittance_" + eraId.substring("era_".length());
        return remittancesOfRiverside().stream().filter(r -> r.get("id").asText().equals(id)).findFirst().orElse(null);
    }

    private static String remittanceId(String eraId) {
        return "remittance_" + eraId.substring("era_".length());
    }

    private static List<String> messages(ApiClient.Response response) {
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        return messages;
    }

    private static void assertError(ApiClient.Response response, int status, String error, Object message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", status, "error", error,
                "message", message)));
    }

    private int inboundTransfers() {
        return LiveFixtures.allPages(api, "/v0/inbound-ach-transfers", 100).size();
    }

    /** Segments of an 835, split on the terminator, each its elements. */
    private static List<String[]> segments(String x12) {
        List<String[]> segments = new ArrayList<>();
        for (String segment : x12.split("~")) {
            if (!segment.isBlank()) {
                segments.add(segment.strip().split("\\*", -1));
            }
        }
        return segments;
    }

    private static String segment(String x12, String tag) {
        return x12.lines().filter(l -> l.startsWith(tag + "*")).findFirst().orElseThrow();
    }

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

    // ------------------------------------------------------------------ rule 2: the ERA after the money

    @Test
    void anEraDelayedAfterTheAchIsNotFoundUntilTheClockPassesItsTimeThenAppearsWithThatReceivedAt() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("era_delay", "P2D")));
        String eraId = answer.at("/era/id").asText();
        String achId = answer.at("/inbound_ach_transfer/id").asText();
        assertThat(answer.at("/inbound_ach_transfer/status").asText()).isEqualTo("pending");
        assertThat(remittanceOf(eraId)).isNull();
        assertThat(api.get("/v0/remittances/" + remittanceId(eraId) + "/era").status()).isEqualTo(404);

        JsonNode accepted = advance("PT1H");
        assertThat(events(accepted)).contains("inbound_ach_transfer.accepted " + achId)
                .doesNotContain("era.received " + eraId);
        String transactionId = api.get("/v0/inbound-ach-transfers/" + achId).json().get("transaction_id").asText();
        ApiClient.Response notYet = api.get("/v0/transactions/" + transactionId + "/era");
        assertError(notYet, 404, "Not Found", "ERA for transaction " + transactionId + " not found");
        assertThat(remittanceOf(eraId)).isNull();

        assertThat(events(advance("PT47H59M59S"))).doesNotContain("era.received " + eraId);
        assertThat(api.get("/v0/transactions/" + transactionId + "/era").status()).isEqualTo(404);

        JsonNode received = advance("PT1S");
        assertThat(events(received)).contains("era.received " + eraId);
        ApiClient.Response era = api.get("/v0/transactions/" + transactionId + "/era");
        assertThat(era.status()).isEqualTo(200);
        assertThat(era.json().get("id").asText()).isEqualTo(eraId);
        assertThat(era.json().get("transaction_id").asText()).isEqualTo(transactionId);
        JsonNode remittance = remittanceOf(eraId);
        assertThat(remittance.get("received_at").asText()).isEqualTo("2026-03-04T16:00:00.000Z");
        assertThat(remittance.get("updated_at").asText()).isEqualTo("2026-03-04T16:00:00.000Z");
        assertThat(remittance.get("transaction_id").asText()).isEqualTo(transactionId);
        assertThat(api.get("/v0/remittances/" + remittance.get("id").asText() + "/era").status()).isEqualTo(200);
    }

    @Test
    void anEraDelayedAfterACheckCountsFromTheDepositThatPostedWithTheMail() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("method", "check", "era_delay", "P1D")));
        String eraId = answer.at("/era/id").asText();
        String transactionId = answer.at("/mail_item/checks/0/transaction_id").asText();
        assertThat(answer.at("/era/transaction_id").asText()).isEqualTo(transactionId);
        assertError(api.get("/v0/transactions/" + transactionId + "/era"), 404, "Not Found",
                "ERA for transaction " + transactionId + " not found");
        assertThat(remittanceOf(eraId)).isNull();

        JsonNode advanced = advance("P1D");
        assertThat(events(advanced)).contains("era.received " + eraId);
        assertThat(api.get("/v0/transactions/" + transactionId + "/era").json().get("id").asText()).isEqualTo(eraId);
        assertThat(remittanceOf(eraId).get("received_at").asText()).isEqualTo("2026-03-03T15:00:00.000Z");
    }

    @Test
    void anEraDelayOfZeroOnACheckIsReceivedWithTheAnswer() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("method", "check", "era_delay", "PT0S")));
        assertThat(remittanceOf(answer.at("/era/id").asText()).get("received_at").asText())
                .isEqualTo("2026-03-02T15:00:00.000Z");
    }

    @Test
    void anEraDelayedAfterADeclinedAchIsStillReceivedThatLongAfterTheDeclineWithoutATransaction() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("era_delay", "PT6H")));
        String eraId = answer.at("/era/id").asText();
        ApiClient.Response declined = control.post("/_sandbox/inbound-ach-transfers/"
                + answer.at("/inbound_ach_transfer/id").asText() + "/decline", Map.of());
        assertThat(declined.status()).isEqualTo(200);
        assertThat(remittanceOf(eraId)).isNull();

        assertThat(events(advance("PT6H"))).contains("era.received " + eraId);
        JsonNode remittance = remittanceOf(eraId);
        assertThat(remittance.get("received_at").asText()).isEqualTo("2026-03-02T21:00:00.000Z");
        assertThat(remittance.get("transaction_id").isNull()).isTrue();
    }

    static final String AT_MOST_A_YEAR = "{field} must be at most P365D, written as days (P2D), hours (PT36H), minutes,"
            + " seconds, or days with less than a day more (P1DT12H)";

    @Test
    void delaysThatAreNotNonNegativeIsoDurationsOfAtMostAYearAre400() {
        ApiClient.Response shapes = pay(payment(30_000, 24_000, Map.of("era_delay", "-P1D", "payment_delay", "2 days")));
        assertError(shapes, 400, "Bad Request", List.of(
                "era_delay must be an ISO 8601 duration of 0 or more, such as P2D or PT36H",
                "payment_delay must be an ISO 8601 duration of 0 or more, such as P2D or PT36H"));
        assertError(pay(payment(30_000, 24_000, Map.of("era_delay", "P"))), 400, "Bad Request",
                List.of("era_delay must be an ISO 8601 duration of 0 or more, such as P2D or PT36H"));
        assertError(pay(payment(30_000, 24_000, Map.of("payment_delay", "P366D"))), 400, "Bad Request",
                List.of(AT_MOST_A_YEAR.replace("{field}", "payment_delay")));
        // 36 hours after a day is under a year, but not written as the bound reads it: said as the bound says it
        assertError(pay(payment(30_000, 24_000, Map.of("era_delay", "P1DT36H"))), 400, "Bad Request",
                List.of(AT_MOST_A_YEAR.replace("{field}", "era_delay")));
        assertThat(pay(payment(30_000, 24_000, Map.of("era_delay", "PT8760H"))).status()).isEqualTo(201);
    }

    // ------------------------------------------------------------------ rule 3: the ERA before the money

    @Test
    void anEraSentAheadOfItsMoneyIsListedUnlinkedUntilTheAchArrivesAndPosts() {
        String accountId = fixtures.riversideOperating();
        JsonNode before = account(accountId);
        int transfers = inboundTransfers();

        JsonNode answer = created(payment(30_000, 24_000, Map.of("payment_delay", "P3D")));
        List<String> keys = new ArrayList<>();
        answer.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("inbound_ach_transfer", "era");
        assertThat(answer.get("inbound_ach_transfer").isNull()).isTrue();
        String eraId = answer.at("/era/id").asText();
        // BPR16, the EFT's effective date: the day the money is due
        assertThat(answer.at("/era/payment/date").asText()).isEqualTo("2026-03-05T00:00:00.000Z");
        JsonNode listed = remittanceOf(eraId);
        assertThat(listed.get("transaction_id").isNull()).isTrue();
        assertThat(listed.get("received_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(inboundTransfers()).isEqualTo(transfers);
        assertThat(account(accountId).get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong());
        String x12 = api.get("/v0/remittances/" + listed.get("id").asText() + "/era").text();
        assertThat(segment(x12, "BPR")).startsWith("BPR*I*240.00*C*ACH*CCP*").endsWith("*20260305~")
                .contains("*" + account(accountId).get("account_number").asText() + "*");

        JsonNode arrived = advance("P3D");
        List<JsonNode> all = LiveFixtures.allPages(api, "/v0/inbound-ach-transfers?account_id=" + accountId, 100);
        JsonNode credit = all.get(0);
        assertThat(events(arrived)).contains("inbound_ach_transfer.created " + credit.get("id").asText());
        assertThat(credit.get("status").asText()).isEqualTo("pending");
        assertThat(credit.get("amount").asLong()).isEqualTo(24_000);
        assertThat(credit.get("effective_date").asText()).isEqualTo("2026-03-05");
        assertThat(credit.get("automatically_resolves_at").asText()).isEqualTo("2026-03-05T16:00:00.000Z");
        assertThat(credit.get("addenda").get(0).asText())
                .isEqualTo("TRN*1*" + answer.at("/era/payment/check_number").asText() + "*9000062308~");
        assertThat(remittanceOf(eraId).get("transaction_id").isNull()).isTrue();

        JsonNode posted = advance("PT1H");
        assertThat(events(posted)).contains("inbound_ach_transfer.accepted " + credit.get("id").asText());
        String transactionId = api.get("/v0/inbound-ach-transfers/" + credit.get("id").asText()).json()
                .get("transaction_id").asText();
        assertThat(remittanceOf(eraId).get("transaction_id").asText()).isEqualTo(transactionId);
        assertThat(api.get("/v0/transactions/" + transactionId + "/era").json().get("id").asText()).isEqualTo(eraId);
    }

    @Test
    void aPaymentDelayOfZeroAnswersTheCreditThatArrivedWithIt() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("payment_delay", "P0D")));
        assertThat(answer.at("/inbound_ach_transfer/status").asText()).isEqualTo("pending");
        assertThat(answer.at("/inbound_ach_transfer/amount").asLong()).isEqualTo(24_000);
        assertThat(answer.at("/inbound_ach_transfer/addenda/0").asText())
                .isEqualTo("TRN*1*" + answer.at("/era/payment/check_number").asText() + "*9000062308~");
    }

    @Test
    void bothDelaysTogetherTheMoneyArrivesThenTheEraThatLongAfterItPosts() {
        JsonNode answer = created(payment(30_000, 24_000, Map.of("payment_delay", "P1D", "era_delay", "P2D")));
        String eraId = answer.at("/era/id").asText();
        assertThat(answer.get("inbound_ach_transfer").isNull()).isTrue();
        assertThat(remittanceOf(eraId)).isNull();
        assertThat(events(advance("P1D"))).anyMatch(e -> e.startsWith("inbound_ach_transfer.created "));
        assertThat(events(advance("PT1H"))).anyMatch(e -> e.startsWith("inbound_ach_transfer.accepted "));
        assertThat(remittanceOf(eraId)).isNull();
        assertThat(events(advance("P2D"))).contains("era.received " + eraId);
        assertThat(remittanceOf(eraId).get("received_at").asText()).isEqualTo("2026-03-05T16:00:00.000Z");
        assertThat(remittanceOf(eraId).get("transaction_id").asText()).startsWith("transaction_");
    }

    // ------------------------------------------------------------------ rule 4: provider adjustments (PLB)

    @Test
    void providerAdjustmentsMakeThePaymentTheClaimsMinusWhatIsHeldBackPlusInterest() {
        JsonNode answer = created(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "WO", "reference", "E20250911001", "amount", 5_000),
                Map.of("reason", "L6", "amount", -325)))));
        JsonNode era = answer.get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(15_325);
        assertThat(answer.at("/inbound_ach_transfer/amount").asLong()).isEqualTo(15_325);
        assertThat(era.get("provider_adjustments").toString()).isEqualTo(
                "[{\"reason\":\"WO\",\"reference\":\"E20250911001\",\"amount\":5000},"
                        + "{\"reason\":\"L6\",\"reference\":null,\"amount\":-325}]");

        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        assertThat(segment(x12, "BPR")).startsWith("BPR*I*153.25*C*ACH*");
        assertThat(segment(x12, "PLB")).isEqualTo("PLB*" + NPI + "*20261231*WO:E20250911001*50.00*L6*-3.25~");
        // PLB comes after the last claim, before SE
        List<String> tags = segments(x12).stream().map(s -> s[0].strip()).toList();
        assertThat(tags.subList(tags.indexOf("PLB") - 1, tags.indexOf("PLB") + 2)).containsExactly("DTM", "PLB", "SE");
    }

    @Test
    void anEraWithoutProviderAdjustmentsHasNoSuchField() {
        JsonNode era = created(payment(30_000, 20_000, Map.of())).get("era");
        assertThat(era.has("provider_adjustments")).isFalse();
        assertThat(api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text())
                .doesNotContain("PLB*");
    }

    @Test
    void sevenProviderAdjustmentsAreTwoPlbSegmentsOfSixAndOne() {
        List<Map<String, Object>> adjustments = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            adjustments.add(Map.of("reason", "CS", "reference", "ADJ" + i, "amount", 100 + i));
        }
        JsonNode era = created(payment(30_000, 20_000, Map.of("provider_adjustments", adjustments))).get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(20_000 - 721);
        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        List<String[]> plb = segments(x12).stream().filter(s -> s[0].strip().equals("PLB")).toList();
        assertThat(plb).hasSize(2);
        assertThat(plb.get(0)).hasSize(1 + 2 + 6 * 2);
        assertThat(plb.get(1)).containsExactly("PLB", NPI, "20261231", "CS:ADJ6", "1.06");
    }

    @Test
    void aPaymentThatProviderAdjustmentsBringToZeroOrBelowIs400() {
        assertError(pay(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "WO", "amount", 20_000))))), 400, "Bad Request", List.of(
                "the claims' paid_amount total 20000 minus the provider_adjustments' total 20000 must be positive: it is"
                        + " the ACH credit that pays them (it is 0)"));
        assertError(pay(payment(30_000, 20_000, Map.of("method", "check", "provider_adjustments", List.of(
                Map.of("reason", "FB", "amount", 25_000))))), 400, "Bad Request", List.of(
                "the claims' paid_amount total 20000 minus the provider_adjustments' total 25000 must be positive: it is"
                        + " the check that pays them (it is -5000)"));
    }

    @Test
    void providerAdjustmentsTheX12CannotCarryAre400() {
        assertError(pay(payment(30_000, 20_000, Map.of("provider_adjustments", List.of(
                Map.of("reason", "ZZ", "amount", 100),
                Map.of("reason", "WO", "reference", "A:B", "amount", 100),
                Map.of("reason", "WO", "amount", 0))))), 400, "Bad Request", List.of(
                "provider_adjustments[0].reason must be one of the following values: L6, WO, FB, 72, CS, J1, IR, 90",
                "provider_adjustments[1].reference must be 1 to 50 characters without * ~ : or ^ (they separate X12"
                        + " segments, elements and components)",
                "provider_adjustments[2].amount must not be 0: a PLB adjustment moves money (positive: held back,"
                        + " negative: added)"));
    }

    // ------------------------------------------------------------------ rule 5: reversed and denied claims

    @Test
    void aReversalTravelsWithItsCorrectedClaimAndThe835CarriesTheirStatusesAndSigns() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-5", "payer_claim_number", "E5", "status", "reversed",
                        "charged_amount", -30_000, "paid_amount", -25_000, "patient_responsibility", -2_000,
                        "adjustments", List.of(Map.of("group", "PR", "reason_code", "2", "amount", -2_000),
                                Map.of("group", "CO", "reason_code", "45", "amount", -3_000))),
                Map.of("patient_control_number", "PCN-5", "payer_claim_number", "E5", "status", "paid",
                        "charged_amount", 30_000, "paid_amount", 27_000, "patient_responsibility", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "45", "amount", 3_000)))));
        JsonNode era = created(body).get("era");
        assertThat(era.at("/payment/amount").asLong()).isEqualTo(2_000);
        assertThat(era.at("/claims/0/status").asText()).isEqualTo("reversed");
        assertThat(era.at("/claims/1/status").asText()).isEqualTo("paid");

        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        List<String> clp = x12.lines().filter(l -> l.startsWith("CLP*")).toList();
        assertThat(clp).containsExactly("CLP*PCN-5*22*-300.00*-250.00*-20.00*12*E5~", "CLP*PCN-5*1*300.00*270.00*0.00*12*E5~");
        assertThat(x12).contains("CAS*PR*2*-20.00~").contains("CAS*CO*45*-30.00~");
        assertThat(segment(x12, "BPR")).startsWith("BPR*I*20.00*C*ACH*");
    }

    @Test
    void aReversalAloneTakingMoreThanIsPaidIs400() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(Map.of("patient_control_number", "PCN-6", "status", "reversed",
                "charged_amount", -10_000, "paid_amount", -8_000)));
        assertError(pay(body), 400, "Bad Request", List.of(
                "the claims' paid_amount must sum to a positive amount, the ACH credit that pays them (it is -8000)"));
    }

    @Test
    void aDeniedClaimPaysNothingIsCode4AndHasItsWholeChargeAdjusted() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-D", "payer_claim_number", "ED", "status", "denied",
                        "charged_amount", 9_000, "paid_amount", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))),
                Map.of("patient_control_number", "PCN-P", "payer_claim_number", "EP", "charged_amount", 5_000,
                        "paid_amount", 5_000)));
        JsonNode era = created(body).get("era");
        String x12 = api.get("/v0/remittances/" + remittanceId(era.get("id").asText()) + "/era").text();
        assertThat(x12).contains("CLP*PCN-D*4*90.00*0.00*0.00*12*ED~").contains("CAS*CO*50*90.00~");
    }

    @Test
    void statusesTheAmountsContradictAre400NamingClaimAndRule() {
        Map<String, Object> body = new LinkedHashMap<>(payment(0, 0, Map.of()));
        body.put("claims", List.of(
                Map.of("patient_control_number", "PCN-A", "status", "denied", "charged_amount", 9_000, "paid_amount", 1_000),
                Map.of("patient_control_number", "PCN-B", "status", "reversed", "charged_amount", 9_000, "paid_amount", 9_000),
                Map.of("patient_control_number", "PCN-C", "status", "paid", "charged_amount", -9_000, "paid_amount", -9_000)));
        assertError(pay(body), 400, "Bad Request", List.of(
                "claims[0] (patient_control_number PCN-A) is denied, so it pays 0 and its whole charge is adjusted, but"
                        + " its paid_amount is 1000",
                "claims[1] (patient_control_number PCN-B) is reversed: it takes back an earlier claim with that claim's"
                        + " amounts negated, so its charged_amount must be negative and its paid_amount not positive, but"
                        + " they are 9000 and 9000",
                "claims[2] (patient_control_number PCN-C) is paid, so its paid_amount must not be negative (it is"
                        + " -9000): a payer taking money back sends the claim reversed"));
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
