package io.bankssandbox.internal.ach;

import io.bankssandbox.InboundAchTransfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.SandboxTestBase;
import org.junit.jupiter.api.Test;

/** What an inbound ACH's transactions say: the originator's company name and entry description. */
class InboundAchTransactionTextTest extends SandboxTestBase {

    @Test
    void anAcceptedCreditReadsAsItsOriginatorAndEntryDescriptionAndItsReturnSaysSo() {
        InboundAchTransfer pending = sandbox.inboundAch().simulate(InboundAchTransfer.Arrival
                .of(fixtures.riversideOperating(), 700).withOriginator("ACME HEALTH", "CLAIMS PMT"));
        InboundAchTransfer accepted = sandbox.inboundAch().accept(pending.id());
        JsonNode posted = api.get("/v0/transactions/" + accepted.transactionId()).json();
        assertThat(posted.get("description").asText()).isEqualTo("ACME HEALTH CLAIMS PMT");
        assertThat(posted.get("amount").asLong()).isEqualTo(700);

        InboundAchTransfer returned = sandbox.inboundAch().returnTransfer(pending.id(), "unauthorized_debit");
        JsonNode reversal = api.get("/v0/inbound-ach-transfers/" + returned.id()).json();
        String reversalId = returned.returned().transactionId();
        JsonNode back = api.get("/v0/transactions/" + reversalId).json();
        assertThat(back.get("description").asText()).isEqualTo("Return of ACME HEALTH CLAIMS PMT");
        assertThat(back.get("amount").asLong()).isEqualTo(-700);
        assertThat(reversal.get("status").asText()).isEqualTo("returned");
    }
}
