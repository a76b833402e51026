package io.bankssandbox.internal.transactions;

import io.bankssandbox.internal.server.SandboxServer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.fixtures.FixtureLoader;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerOpeningTest {
    @Test
    void aFixtureSetWithoutALedgerGetsOneOpeningBalancePerAccountThatMakesTheSumsRight(@TempDir Path dir) throws IOException {
        for (Map.Entry<String, JsonNode> file : FixtureLoader.readClasspath(SandboxServer.FIXTURES.codec().files(), "default").entrySet()) {
            if (!file.getKey().equals("transactions")) {
                Files.write(dir.resolve(file.getKey() + ".json"), Json.MAPPER.writeValueAsBytes(file.getValue()));
            }
        }
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().fixtures(dir.toString()).build())) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), sandbox.apiKey());
            for (JsonNode account : api.get("/v0/accounts").json().get("data")) {
                List<JsonNode> transactions = LiveFixtures.allPages(api,
                        "/v0/transactions?account_id=" + account.get("id").asText(), 100);
                assertThat(transactions).hasSize(1);
                assertThat(transactions.get(0).at("/source/category").asText()).isEqualTo("opening_balance");
                assertThat(transactions.get(0).get("amount")).isEqualTo(account.get("total_balance"));
            }
        }
    }
}
