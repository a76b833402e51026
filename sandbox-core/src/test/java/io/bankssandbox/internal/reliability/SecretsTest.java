package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** API keys never show up where people look: the journal (in both formats) and the log output. */
@Isolated("captures System.out and System.err: another class's output must not land in its capture")
class SecretsTest extends SandboxTestBase {
    private static final List<String> SECRETS = List.of(ALL, ONE, "lm_key_sandbox_typo");

    @Test
    void keysNeverAppearInTheJournalOrTheLogs() {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        System.setErr(capture);
        System.setOut(capture);
        try {
            exercise();
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        String journal = control.get("/_sandbox/requests").text();
        String scenario = control.get("/_sandbox/requests?format=scenario").text();
        String logs = captured.toString(StandardCharsets.UTF_8);
        assertThat(sandbox.journal().requests()).hasSizeGreaterThan(10);
        for (String secret : SECRETS) {
            assertThat(journal).doesNotContain(secret);
            assertThat(scenario).doesNotContain(secret);
            assertThat(logs).doesNotContain(secret);
            assertThat(sandbox.journal().requests().toString()).doesNotContain(secret);
        }
    }

    /** Successes, every kind of refusal, idempotent replays and conflicts, with each key. */
    private void exercise() {
        String account = riversideOperatingAccountId();
        for (String key : List.of(ALL, ONE)) {
            ApiClient as = api.as(key);
            as.get("/v0/entities");
            as.get("/v0/accounts?entity_id=entity_nope");
            as.get("/v0/cards/card_nope");
            as.get("/v0/entities?limit=1000");
            as.post("/v0/cards", cardBody(account), "secret-test-key-" + key.length());
            as.post("/v0/cards", cardBody(account), "secret-test-key-" + key.length());
            as.post("/v0/cards", Map.of("nickname", 5), "secret-test-bad-" + key.length());
            as.post("/v0/cards", "{not json", "secret-test-bad-2");
            as.post("/v0/cards", cardBody(account), null);
            as.send("GET", "/v0/nothing/here", null, Map.of());
        }
        control.send("GET", "/v0/entities", null, Map.of("Authorization", "Bearer lm_key_sandbox_typo"));
        control.send("GET", "/v0/entities", null, Map.of("Authorization", ALL));
    }
}
