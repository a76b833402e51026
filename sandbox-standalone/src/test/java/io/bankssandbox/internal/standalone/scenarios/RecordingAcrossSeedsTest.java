package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.standalone.Http;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session recorded on one seed replays green on another: the ids it created are saved as
 * variables, and what the sandbox generated for them (last_4, trace numbers, MICR lines, claim
 * control numbers) is expected by its shape.
 */
class RecordingAcrossSeedsTest {
    private static final String HARBOR = "account_0000000srbl695e78hs4";
    private static final String RIVERSIDE = "account_0000000ptmhjx1gxm2mi";
    private static final String LAKESIDE_PROVIDER = "entity_00000002elkrhi1kfpq3";
    private static final String CARD = "{\"bank_account_id\":\"" + HARBOR + "\",\"nickname\":\"Fuel\",\"authorization_controls\":"
            + "{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":7000}]}}}}";

    @TempDir
    Path temp;

    @Test
    void aSessionRecordedOnSeed7ReplaysGreenOnSeed99AndNamesEveryIdItCreated() throws Exception {
        String yaml;
        List<String> created = new ArrayList<>();
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().seed(7).build())) {
            Client client = new Client(sandbox.baseUrl(), sandbox.apiKey());
            JsonNode card = client.send("POST", "/v0/cards", CARD, true, "seeds-card-0001");
            created.add(card.get("id").asText());
            client.send("GET", "/v0/cards/" + card.get("id").asText(), null, true, null);
            client.send("POST", "/_sandbox/cards/" + card.get("id").asText() + "/authorizations",
                    "{\"amount\":600,\"merchant_category_code\":\"5541\",\"merchant_country\":\"US\"}", false, null);
            JsonNode ach = client.send("POST", "/_sandbox/inbound-ach-transfers",
                    "{\"account_id\":\"" + HARBOR + "\",\"amount\":5000}", false, null);
            created.add(ach.get("id").asText());
            JsonNode accepted = client.send("POST", "/_sandbox/inbound-ach-transfers/" + ach.get("id").asText() + "/accept",
                    "{}", false, null);
            created.add(accepted.get("transaction_id").asText());
            client.send("GET", "/v0/transactions/" + accepted.get("transaction_id").asText(), null, true, null);
            JsonNode payment = client.send("POST", "/_sandbox/insurance-payments", "{\"account_id\":\"" + RIVERSIDE + "\","
                    + "\"payer\":{\"name\":\"AETNA\",\"id\":\"1066033492\"},\"claims\":[{\"patient_control_number\":\"PCN-1001\","
                    + "\"charged_amount\":20000,\"paid_amount\":15000,\"adjustments\":[{\"group\":\"CO\",\"reason_code\":\"45\","
                    + "\"amount\":5000}]}]}", false, null);
            created.add(payment.at("/era/id").asText());
            JsonNode mail = client.send("POST", "/_sandbox/providers/" + LAKESIDE_PROVIDER + "/mail",
                    "{\"checks\":[{\"amount\":4200},{\"amount\":999,\"status\":\"rejected\"}]}", false, null);
            created.add(mail.get("id").asText());
            client.send("GET", "/v0/providers/" + LAKESIDE_PROVIDER + "/mail?received.on_or_after=2026-03-02T15:00:00Z",
                    null, true, null);
            client.send("POST", "/_sandbox/clock/advance", "{\"by\":\"P1D\"}", false, null);
            client.send("GET", "/v0/inbound-ach-transfers/" + payment.at("/inbound_ach_transfer/id").asText(), null, true, null);
            client.send("GET", "/v0/transactions?account_id=" + HARBOR + "&limit=5", null, true, null);
            yaml = Http.get(sandbox.baseUrl() + "/_sandbox/requests?format=scenario-yaml", null).body();
        }
        assertThat(yaml).contains("${card_1}").contains("${inbound_ach_transfer_1}").contains("$regex");
        for (String id : created) {
            assertThat(yaml).as("the recording names %s by a variable", id).doesNotContain(id);
        }
        Path file = temp.resolve("session.yaml");
        Files.writeString(file, yaml);

        ReplayTest.Run sameSeed = replay(file.toString());
        assertThat(sameSeed.out()).doesNotContain("FAIL");
        assertThat(sameSeed.exitCode()).isZero();

        ReplayTest.Run otherSeed = replay("--seed", "99", file.toString());
        assertThat(otherSeed.out()).doesNotContain("FAIL");
        assertThat(otherSeed.out().strip()).endsWith("1 passed, 0 failed");
        assertThat(otherSeed.exitCode()).isZero();

        // the seeds really give other ids: the card id of seed 7, hard-coded, holds on seed 7 only
        Path pinned = temp.resolve("pinned.json");
        Files.writeString(pinned, "{ \"seed\": 7, \"steps\": [ { \"request\": { \"method\": \"POST\", \"path\": \"/v0/cards\","
                + " \"body\": " + CARD + " }, \"expect\": { \"body\": { \"id\": \"" + created.get(0) + "\" } } } ] }");
        assertThat(replay(pinned.toString()).exitCode()).isZero();
        ReplayTest.Run reseeded = replay("--seed", "99", pinned.toString());
        assertThat(reseeded.out()).contains("$.id: expected \"" + created.get(0) + "\", was \"card_");
        assertThat(reseeded.exitCode()).isEqualTo(1);
    }

    private record Client(String base, String key) {
        JsonNode send(String method, String path, String body, boolean withKey, String idempotencyKey) throws Exception {
            HttpResponse<String> response = Http.send(base + path, method, withKey ? key : null, idempotencyKey, body);
            assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isBetween(200, 299);
            return Http.JSON.readTree(response.body());
        }
    }
}
