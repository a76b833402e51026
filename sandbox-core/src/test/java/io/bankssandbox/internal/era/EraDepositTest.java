package io.bankssandbox.internal.era;

import io.bankssandbox.InboundAchTransfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * BPR06 to BPR15 of an ACH-paid 835: the payer's bank is the one that sent the ACH (the first 8
 * digits of its trace number, with their check digit), the payee's account is the one the ACH
 * credited. The ACH is found by its transaction once settled, before that by TRN reference and amount.
 */
class EraDepositTest extends SandboxTestBase {
    private static final String SENDING_BANK_TRACE = "071000010000042"; // ODFI 07100001 -> routing 071000013
    private static final String OTHER_BANK_TRACE = "091000010000043"; // ODFI 09100001 -> routing 091000019

    private JsonNode payInto(String accountId) {
        ApiClient.Response response = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", accountId,
                "payer", Map.of("name", "ACME HEALTH PLAN", "id", "1413791217"),
                "claims", List.of(Map.of("patient_control_number", "PCN-7", "charged_amount", 6_000,
                        "paid_amount", 6_000))));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    /** Imports the current state with the inbound ACH transfer {@code id} changed by {@code edit}, or removed. */
    private void importWithTransfer(String id, java.util.function.Consumer<ObjectNode> edit) {
        ObjectNode document = (ObjectNode) state().deepCopy();
        ArrayNode transfers = (ArrayNode) document.get("inbound_ach_transfers");
        for (int i = 0; i < transfers.size(); i++) {
            if (transfers.get(i).get("id").asText().equals(id)) {
                if (edit == null) {
                    transfers.remove(i);
                } else {
                    edit.accept((ObjectNode) transfers.get(i));
                }
                sandbox.importState(document);
                return;
            }
        }
        throw new AssertionError("no inbound ACH transfer " + id);
    }

    private Era835Test.Segment bpr(JsonNode era) throws Exception {
        ApiClient.Response response = api.get("/v0/remittances/remittance_"
                + era.get("id").asText().substring("era_".length()) + "/era");
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return Era835Test.parse(response.text()).stream().filter(s -> s.tag().equals("BPR")).findFirst().orElseThrow();
    }

    private String accountNumber(String accountId) {
        return api.get("/v0/accounts/" + accountId).json().get("account_number").asText();
    }

    private static String trnLine(JsonNode payment) {
        return payment.at("/inbound_ach_transfer/addenda/0").asText();
    }

    @Test
    void theSendingBankIsTheAchsTraceAndThePayeeAccountTheOneItCreditedBeforeAndAfterSettlement() throws Exception {
        String payroll = fixtures.riversidePayroll();
        JsonNode payment = payInto(payroll);
        String achId = payment.at("/inbound_ach_transfer/id").asText();
        importWithTransfer(achId, ach -> ach.put("trace_number", SENDING_BANK_TRACE));
        // same TRN, another amount, another bank, same account: not the ERA's payment
        sandbox.inboundAch().simulate(InboundAchTransfer.Arrival.of(payroll, 6_001)
                .withAddenda(trnLine(payment)).withTraceNumber(OTHER_BANK_TRACE));

        Era835Test.Segment pending = bpr(payment.get("era"));
        assertThat(pending.get(4)).isEqualTo("ACH");
        assertThat(pending.get(7)).as("BPR07, the sending bank").isEqualTo("071000013");
        assertThat(pending.get(13)).as("BPR13, the payee's bank").isEqualTo("084106768");
        assertThat(pending.get(15)).as("BPR15, the account credited").isEqualTo(accountNumber(payroll))
                .isNotEqualTo(accountNumber(fixtures.riversideOperating()));

        assertThat(control.post("/_sandbox/inbound-ach-transfers/" + achId + "/accept", Map.of()).status())
                .isEqualTo(200);
        assertThat(bpr(payment.get("era"))).as("found by its transaction once settled").isEqualTo(pending);
    }

    @Test
    void anEraWhoseAchIsGoneNamesTheDefaultSendingBankAndTheEntitysFirstAccount() throws Exception {
        JsonNode payment = payInto(fixtures.riversidePayroll());
        importWithTransfer(payment.at("/inbound_ach_transfer/id").asText(), null);

        Era835Test.Segment bpr = bpr(payment.get("era"));
        assertThat(bpr.get(7)).isEqualTo("021000021");
        assertThat(bpr.get(15)).isEqualTo(accountNumber(fixtures.riversideOperating()));
    }

    @Test
    void anAchWithTheErasTrnButAnotherAmountDoesNotPayIt() throws Exception {
        String payroll = fixtures.riversidePayroll();
        JsonNode payment = payInto(payroll);
        importWithTransfer(payment.at("/inbound_ach_transfer/id").asText(), null);
        sandbox.inboundAch().simulate(InboundAchTransfer.Arrival.of(payroll, 5_999)
                .withAddenda(trnLine(payment)).withTraceNumber(OTHER_BANK_TRACE));

        Era835Test.Segment bpr = bpr(payment.get("era"));
        assertThat(bpr.get(7)).isEqualTo("021000021");
        assertThat(bpr.get(15)).isEqualTo(accountNumber(fixtures.riversideOperating()));
    }
}
