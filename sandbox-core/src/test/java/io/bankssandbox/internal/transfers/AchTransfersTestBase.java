package io.bankssandbox.internal.transfers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;

/** What the outbound ACH transfer tests share: the fixture external accounts by nickname, a transfer's body, sending and the clock. */
abstract class AchTransfersTestBase extends SandboxTestBase {
    Map<String, String> external = new LinkedHashMap<>();

    @BeforeAll
    void prepare() {
        for (JsonNode x : sandbox.exportState().get("external_accounts")) {
            external.put(x.get("nickname").asText(), x.get("id").asText());
        }
    }

    static Map<String, Object> body(String source, String destination, Object amount, String description) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("source_account_id", source);
        body.put("destination_account_id", destination);
        body.put("amount", amount);
        if (description != null) {
            body.put("description", description);
        }
        return body;
    }

    String medline() {
        return external.get("Medline supplies");
    }

    JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    /** Sends 25,000 cents from Riverside Operating to Medline; answers the transfer. */
    JsonNode send(long amount, String description) {
        ApiClient.Response response = api.post("/v0/ach-transfer", body(fixtures.riversideOperating(), medline(), amount, description));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return api.get("/v0/ach-transfer/" + response.json().at("/source/ach_transfer_intention/ach_transfer_id").asText()).json();
    }

    JsonNode control(String id, String step) {
        ApiClient.Response response = api.post("/_sandbox/ach-transfers/" + id + "/" + step, Map.of());
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    List<String> advance(String by) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("by", by));
        assertThat(response.status()).isEqualTo(200);
        List<String> events = new ArrayList<>();
        response.json().get("events").forEach(e -> events.add(e.get("type").asText() + " " + e.get("id").asText()));
        return events;
    }

    /** Adds money to Riverside Operating through an opening balance, keeping the ledger whole. */
    void grantRiversideOperating(long cents) {
        ObjectNode state = (ObjectNode) sandbox.exportState();
        String id = fixtures.riversideOperating();
        for (JsonNode account : state.get("accounts")) {
            if (account.get("id").asText().equals(id)) {
                ((ObjectNode) account).put("total_balance", account.get("total_balance").asLong() + cents);
                ((ObjectNode) account).put("available_balance", account.get("available_balance").asLong() + cents);
            }
        }
        for (JsonNode t : state.get("transactions")) {
            if (t.get("account_id").asText().equals(id) && t.get("source_category").asText().equals("opening_balance")) {
                ((ObjectNode) t).put("amount", t.get("amount").asLong() + cents);
            }
        }
        sandbox.importState(state);
    }
}
