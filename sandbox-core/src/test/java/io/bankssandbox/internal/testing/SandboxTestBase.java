package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * One sandbox per test class on the default fixtures, reset before every test. The handle the tests
 * drive is {@link #sandbox}: the started one itself, or, in a subclass whose {@link #wayIn()} is
 * {@link WayIn#CONNECT}, {@code Sandbox.connect} to it over HTTP, so one suite proves both ways in.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SandboxTestBase {
    public static final String ALL = "lm_key_sandbox_all";
    public static final String ONE = "lm_key_sandbox_one";

    /** The handle under test: {@link #started}, or a connected handle of it. */
    protected Sandbox sandbox;
    /** The sandbox this JVM runs for the class: what a connected handle talks to, and white-box tests look into. */
    protected Sandbox started;
    protected ApiClient api;
    protected ApiClient control;
    /** Ids of the default fixture set, read once: ids are deterministic, so a reset keeps them. */
    protected LiveFixtures fixtures;

    @BeforeAll
    void startSandbox() {
        started = Sandbox.start();
        sandbox = wayIn().open(started);
        api = new ApiClient(sandbox.baseUrl(), ALL);
        control = new ApiClient(sandbox.baseUrl(), null);
        fixtures = LiveFixtures.read(api);
    }

    @BeforeEach
    void resetSandbox() {
        sandbox.reset();
    }

    @AfterAll
    void stopSandbox() {
        sandbox.close();
        started.close();
    }

    /** How the tests reach the sandbox; a subclass that runs the same tests over HTTP answers {@link WayIn#CONNECT}. */
    protected WayIn wayIn() {
        return WayIn.IN_PROCESS;
    }

    /** The fixture state as exported, for ids and expected values. */
    protected JsonNode state() {
        return sandbox.exportState();
    }

    /** Every row of a state section matching a field value. */
    protected List<JsonNode> rows(String section, String field, String value) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode row : state().get(section)) {
            if (value.equals(row.path(field).asText(null))) {
                out.add(row);
            }
        }
        return out;
    }

    protected String riversideId() {
        return state().get("entities").get(0).get("id").asText();
    }

    protected String riversideOperatingAccountId() {
        return rows("accounts", "name", "Riverside Operating").get(0).get("id").asText();
    }

    protected String harborAccountId() {
        return rows("accounts", "name", "Harbor Operating").get(0).get("id").asText();
    }

    /** A valid create-card body on the given account. */
    public static Map<String, Object> cardBody(String accountId) {
        return Map.of("bank_account_id", accountId, "nickname", "Supplies",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", List.of(
                                Map.of("interval", "per_transaction", "amount", 5_000),
                                Map.of("interval", "per_day", "amount", 20_000))))));
    }
}
