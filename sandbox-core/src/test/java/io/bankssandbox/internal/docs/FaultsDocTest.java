package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/reference.md}'s "What a fault does" is true: each fault it shows is taken and does what the
 * page says of it (its status and headers, the card kept when processed first, a lost answer whose
 * retry replays the card), and each bad combination it lists is the 400 it quotes.
 */
class FaultsDocTest extends SandboxTestBase {
    private static final Pattern REFUSAL = Pattern.compile("^- `(\\{.*})` → 400 `(.*)`$");

    private static List<String> section() throws IOException {
        List<String> lines = Files.readAllLines(ReferenceDocTest.REFERENCE, StandardCharsets.UTF_8);
        int start = lines.indexOf("#### What a fault does");
        assertThat(start).as("the section in %s", ReferenceDocTest.REFERENCE).isPositive();
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("#")) {
            end++;
        }
        return lines.subList(start, end);
    }

    @Test
    void everyFaultShownDoesWhatThePageSays() throws Exception {
        List<JsonNode> faults = new ArrayList<>();
        List<String> lines = section();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("```json")) {
                faults.add(Json.MAPPER.readTree(lines.get(i + 1)));
            }
        }
        assertThat(faults).hasSize(3);
        for (JsonNode fault : faults) {
            sandbox.reset();
            assertThat(control.post("/_sandbox/faults", fault.toString(), null).status()).as("%s", fault).isEqualTo(200);
            int before = state().get("cards").size();
            String key = "doc-fault-" + faults.indexOf(fault) + "-0001";
            if (fault.path("close_connection").asBoolean()) {
                assertThat(catchThrowable(() -> postCard(key))).as("%s", fault).isInstanceOf(IOException.class);
                ApiClient.Response retry = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), key);
                assertThat(retry.status()).isEqualTo(201);
                assertThat(retry.header("Idempotency-Replayed")).contains("true");
                assertThat(retry.json().get("id").asText()).isEqualTo(state().get("cards").get(before).get("id").asText());
            } else {
                long start = System.nanoTime();
                HttpResponse<String> answer = postCard(key);
                assertThat(answer.statusCode()).as("%s", fault).isEqualTo(fault.get("status").asInt());
                assertThat(Duration.ofNanos(System.nanoTime() - start).toMillis()).isGreaterThanOrEqualTo(fault.path("delay_ms").asLong());
                fault.path("headers").fields().forEachRemaining(header ->
                        assertThat(answer.headers().firstValue(header.getKey())).contains(header.getValue().asText()));
                if (fault.has("body")) {
                    assertThat(Json.MAPPER.readTree(answer.body())).isEqualTo(fault.get("body"));
                }
            }
            assertThat(state().get("cards").size()).as("%s", fault)
                    .isEqualTo(before + (fault.path("after_processing").asBoolean() ? 1 : 0));
        }
    }

    @Test
    void everyBadCombinationListedIsTheFourHundredQuoted() throws IOException {
        int listed = 0;
        for (String line : section()) {
            Matcher refusal = REFUSAL.matcher(line);
            if (refusal.matches()) {
                listed++;
                ApiClient.Response refused = control.post("/_sandbox/faults", refusal.group(1), null);
                assertThat(refused.status()).as(line).isEqualTo(400);
                assertThat(refused.json().get("message")).extracting(JsonNode::asText).as(line).containsExactly(refusal.group(2));
            }
        }
        assertThat(listed).isEqualTo(4);
    }

    private HttpResponse<String> postCard(String key) throws IOException, InterruptedException {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
                api.postRequest("/v0/cards", cardBody(riversideOperatingAccountId()), key), HttpResponse.BodyHandlers.ofString());
    }
}
