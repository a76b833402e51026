package io.bankssandbox;

import io.bankssandbox.internal.server.SandboxServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.fixtures.FixtureLoader;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The handle's own promises: reset from the snapshot taken at start, and what a config may add to the fixtures. */
class SandboxHandleTest {

    @Test
    void resetRestoresTheStartSnapshotWithoutReadingTheFixtureFilesAgain(@TempDir Path dir) throws IOException {
        for (Map.Entry<String, JsonNode> file : FixtureLoader.read(SandboxServer.FIXTURES.codec().files(), "default").entrySet()) {
            Files.write(dir.resolve(file.getKey() + ".json"), Json.MAPPER.writeValueAsBytes(file.getValue()));
        }
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().fixtures(dir.toString()).build())) {
            JsonNode atStart = sandbox.exportState();
            String account = atStart.get("accounts").get(0).get("id").asText();
            sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 4_200).id());
            sandbox.clock().advance(Duration.ofDays(10));
            sandbox.faults().inject("GET", "/v0/accounts", 503);
            // were reset to read the directory again, it would fail now
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }

            sandbox.reset();

            assertThat(sandbox.exportState()).isEqualTo(atStart);
            assertThat(sandbox.faults().list()).isEmpty();
            assertThat(sandbox.journal().requests()).isEmpty();
            // and again: the snapshot itself was not changed by what happened after the start
            sandbox.inboundAch().simulate(account, 100);
            sandbox.reset();
            assertThat(sandbox.exportState()).isEqualTo(atStart);
        }
    }

    @Test
    void extraApiKeysAndFixtureDocumentsAreCheckedLikeFixtureFiles() {
        SandboxConfig unknownEntity = SandboxConfig.builder()
                .apiKey("lm_key_partner_test", "partner", List.of("entity_doesnotexist")).build();
        assertThatThrownBy(() -> Sandbox.start(unknownEntity).close())
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("entity_doesnotexist");

        SandboxConfig badPolicy = SandboxConfig.builder()
                .fixtureDocument("policy", Json.MAPPER.createObjectNode().put("blocked_merchant_category_codes", 7995))
                .build();
        assertThatThrownBy(() -> Sandbox.start(badPolicy).close())
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("policy");
    }

    @Test
    void extraApiKeySeesWhatItWasGivenAndSurvivesReset() {
        SandboxConfig config = SandboxConfig.builder().apiKey("lm_key_partner_test", "partner", List.of("*")).build();
        try (Sandbox sandbox = Sandbox.start(config)) {
            assertThat(sandbox.apiKeys()).extracting(SandboxConfig.ApiKey::key).containsExactly("lm_key_sandbox_all", "lm_key_sandbox_one",
                    "lm_key_partner_test");
            assertThat(sandbox.apiKey()).isEqualTo("lm_key_sandbox_all");
            sandbox.reset();
            assertThat(sandbox.apiKeys()).extracting(SandboxConfig.ApiKey::key).contains("lm_key_partner_test");
        }
    }

    @Test
    void closedSandboxStillNamesItsAddress() {
        Sandbox sandbox = Sandbox.start();
        String baseUrl = sandbox.baseUrl();
        sandbox.close();
        assertThat(sandbox.baseUrl()).isEqualTo(baseUrl).matches("http://127\\.0\\.0\\.1:\\d+");
    }

    /**
     * Nothing of the sandbox answers once it is closed. Other test classes start sandboxes at the same
     * time, and one of them may be given the freed port at once (or a connection to it may meet itself),
     * so "nothing listens there" is not the test: a key only this sandbox had must get no answer of it.
     */
    @Test
    void closingTwiceIsHarmlessAndTheSecondCloseChangesNothing() throws Exception {
        String ownKey = "lm_key_closed_" + java.util.UUID.randomUUID().toString().replace("-", "");
        Sandbox sandbox = Sandbox.start(SandboxConfig.builder().apiKey(ownKey, "closed", List.of("*")).build());
        java.net.URI uri = java.net.URI.create(sandbox.baseUrl());
        assertThat(statusFor(uri, ownKey)).as("the sandbox's own key, open").isEqualTo(200);
        sandbox.close();
        sandbox.close();
        assertThat(statusFor(uri, ownKey)).as(sandbox.baseUrl() + " answered the closed sandbox's key").isNotEqualTo(200);
    }

    /** The status of {@code GET /v0/entities} with {@code key}; -1 when no HTTP answer comes (refused, not HTTP). */
    private static int statusFor(java.net.URI base, String key) throws InterruptedException {
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .connectTimeout(java.time.Duration.ofSeconds(30)).build();
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(base.resolve("/v0/entities"))
                .header("Authorization", "Bearer " + key).timeout(java.time.Duration.ofSeconds(60)).build();
        try {
            return client.send(request, java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (java.io.IOException nothingAnswered) {
            return -1;
        }
    }
}
