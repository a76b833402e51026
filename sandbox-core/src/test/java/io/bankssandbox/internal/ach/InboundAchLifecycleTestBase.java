package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** What the inbound ACH lifecycle tests share: the world of accounts and the events an advance reports. */
abstract class InboundAchLifecycleTestBase extends SandboxTestBase {
    AchWorld world;

    String operating;
    String lakeside;
    String harbor;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    @BeforeEach
    void reset() {
        operating = world.accountId(AchWorld.RIVERSIDE_OPERATING);
        lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        harbor = world.accountId(AchWorld.HARBOR_OPERATING);
    }

    List<String> events(List<JsonNode> events) {
        // only this feature's events: check holds of the fixtures release on the same clock
        return events.stream().filter(e -> e.get("type").asText().startsWith("inbound_ach_transfer."))
                .map(e -> e.get("type").asText() + " " + e.get("id").asText()).toList();
    }

    void assertConflict(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(409);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(409);
        assertThat(response.json().get("error").asText()).isEqualTo("Conflict");
        assertThat(response.json().get("message").asText()).isEqualTo(message);
    }
}
