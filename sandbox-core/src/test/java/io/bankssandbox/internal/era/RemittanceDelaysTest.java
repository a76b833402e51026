package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An insurance payment's halves apart on the clock: {@code era_delay} (the ERA that long after its money
 * posts, or ahead of it) and {@code payment_delay} (the money that long after the ERA), each at most a year.
 */
class RemittanceDelaysTest extends RemittanceTestBase {

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
}
