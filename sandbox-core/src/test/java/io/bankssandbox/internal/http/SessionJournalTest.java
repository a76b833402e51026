package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the session a scenario export replays is made of ({@link JournalFilter}): every /v0 exchange,
 * named by the position of the key that sent it ({@link AuthFilter}), and of the control requests only
 * those that change this sandbox's state: no reads, no reset (it starts the session), none of the
 * journal's own routes, none that start or close other sandboxes.
 */
class SessionJournalTest extends SandboxTestBase {

    /** The exported session's requests as "kind METHOD path [Authorization]", waiting steps left out. */
    private List<String> session() {
        ApiClient.Response export = control.get("/_sandbox/requests?format=scenario");
        assertThat(export.status()).isEqualTo(200);
        List<String> steps = new ArrayList<>();
        for (JsonNode step : export.json().get("steps")) {
            if (step.has("advance_to") && !step.has("name")) {
                continue; // time that passed on the running clock between two requests
            }
            boolean isControl = step.has("control");
            JsonNode request = step.get(isControl ? "control" : "request");
            JsonNode auth = request.path("headers").path("Authorization");
            steps.add((isControl ? "control " : "api ") + request.get("method").asText() + " " + request.get("path").asText()
                    + (auth.isMissingNode() ? "" : " " + (auth.isNull() ? "no key" : auth.asText())));
        }
        return steps;
    }

    private static Map<String, Object> fault(String path) {
        return Map.of("method", "POST", "path", path, "status", 503);
    }

    @Test
    void controlRequestsThatChangeStateAreKeptAndReadsResetsAndTheJournalsOwnAreNot() {
        assertThat(control.post("/_sandbox/faults", fault("/v0/before-reset"), null).status()).isEqualTo(200);
        assertThat(control.post("/_sandbox/reset", Map.of(), null).status()).isEqualTo(200);
        assertThat(control.post("/_sandbox/faults", fault("/v0/after-reset"), null).status()).isEqualTo(200);
        assertThat(control.get("/_sandbox/faults").status()).isEqualTo(200);
        assertThat(control.get("/_sandbox/requests").status()).isEqualTo(200);
        assertThat(control.delete("/_sandbox/faults").status()).isEqualTo(200);

        assertThat(session()).containsExactly("control POST /_sandbox/faults", "control DELETE /_sandbox/faults");
    }

    @Test
    void clearingTheJournalIsNotAStepOfTheSessionItClears() {
        assertThat(control.post("/_sandbox/faults", fault("/v0/cleared"), null).status()).isEqualTo(200);
        assertThat(control.delete("/_sandbox/requests").status()).isEqualTo(200);
        assertThat(control.delete("/_sandbox/faults").status()).isEqualTo(200);

        assertThat(session()).containsExactly("control DELETE /_sandbox/faults");
    }

    @Test
    void startingAndClosingAnotherSandboxIsNoStepOfThisOnesSession() {
        ApiClient.Response started = control.post("/_sandbox/sandboxes", Map.of(), null);
        assertThat(started.status()).as(started.toString()).isEqualTo(201);
        String id = started.json().get("id").asText();
        assertThat(control.delete("/_sandbox/sandboxes/" + id).status()).isEqualTo(204);
        ApiClient.Response gone = api.get(started.json().get("base_url").asText().substring(sandbox.baseUrl().length()) + "/v0/entities");
        assertThat(gone.status()).as("the closed sandbox's path: " + gone).isEqualTo(404);
        assertThat(gone.json().get("message").asText()).isEqualTo("Sandbox " + id + " not found");

        assertThat(session()).isEmpty();
    }

    @Test
    void eachApiRequestIsReplayedWithTheKeyItWasSentWithNamedByPosition() {
        assertThat(api.get("/v0/entities").status()).isEqualTo(200);
        assertThat(api.as(ONE).get("/v0/entities").status()).isEqualTo(200);
        assertThat(api.as(null).get("/v0/entities").status()).isEqualTo(401);
        assertThat(api.as("lm_key_nobody").get("/v0/entities").status()).isEqualTo(401);

        int one = keyPosition(ONE);
        assertThat(one).isGreaterThan(1);
        assertThat(session()).containsExactly(
                "api GET /v0/entities", // the default key: replay sends it unless told otherwise
                "api GET /v0/entities Bearer ${api_key_" + one + "}",
                "api GET /v0/entities no key",
                "api GET /v0/entities no key");
    }

    @Test
    void theJournalKeepsAnErrorsBodyAsSentAndNamesAnotherAnswerByItsType() {
        assertThat(api.get("/v0/accounts/" + riversideOperatingAccountId() + "/settlement-instructions").status()).isEqualTo(200);
        ApiClient.Response missing = api.get("/v0/accounts/account_nope");
        assertThat(missing.status()).isEqualTo(404);

        JsonNode journal = control.get("/_sandbox/requests").json().get("data");
        assertThat(journal.get(0).get("response_body").asText()).isEqualTo("<application/pdf>");
        assertThat(journal.get(1).get("response_body")).isEqualTo(missing.json());
    }

    /** The 1-based position of {@code key} among the fixture keys, as the exported state lists them. */
    private int keyPosition(String key) {
        JsonNode keys = state().get("api_keys");
        for (int i = 0; i < keys.size(); i++) {
            if (key.equals(keys.get(i).get("key").asText())) {
                return i + 1;
            }
        }
        throw new AssertionError(key + " is no fixture key: " + keys);
    }
}
