package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorsTest extends SandboxTestBase {

    @Test
    void unknownRouteIsCannotMethodPath() {
        ApiClient.Response response = api.get("/v0/nothing/here");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().toString()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /v0/nothing/here\"}");
    }

    @Test
    void anUnknownV0RouteIsJournaledAsAnApiExchangeAndAnUnknownControlRouteIsNot() {
        assertThat(api.get("/v0/nothing/journaled").status()).isEqualTo(404);
        ApiClient.Response control404 = control.get("/_sandbox/nothing/here");
        assertThat(control404.status()).isEqualTo(404);
        assertThat(control404.json().get("message").asText()).isEqualTo("Cannot GET /_sandbox/nothing/here");
        String journal = control.get("/_sandbox/requests").json().get("data").toString();
        assertThat(journal).contains("/v0/nothing/journaled").doesNotContain("/_sandbox/nothing/here");
    }

    @Test
    void knownPathWithAnotherMethodIsCannotMethodPath() {
        ApiClient.Response response = api.delete("/v0/entities");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Cannot DELETE /v0/entities");
    }

    @Test
    void bodyWithoutJsonContentTypeIsUnsupportedMediaType() {
        ApiClient.Response response = api.send("POST", "/v0/cards", "nickname=x",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "Idempotency-Key", "media-key-001"));
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.json().get("error").asText()).isEqualTo("Unsupported Media Type");
        assertThat(response.json().get("message").isTextual()).isTrue();
    }

    @Test
    void malformedJsonIsABadRequestWithOneMessage() {
        ApiClient.Response response = api.post("/v0/cards", "{\"nickname\": ", "malformed-key-01");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").isTextual()).isTrue();
        assertThat(response.json().get("message").asText()).startsWith("Request body is not valid JSON");
    }

    @Test
    void bodyThatIsNotAnObjectIsABadRequest() {
        ApiClient.Response response = api.post("/v0/cards", "[1,2,3]", "array-body-key1");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText()).isEqualTo("Request body must be a JSON object");
    }

    @Test
    void bodyOverOneMebibyteIsPayloadTooLargeNotAReset() {
        String big = "{\"nickname\":\"" + "x".repeat(1024 * 1024 + 10) + "\"}";
        ApiClient.Response response = api.post("/v0/cards", big, "big-body-key-01");
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(413);
        assertThat(response.json().get("error").asText()).isEqualTo("Payload Too Large");
        assertThat(response.header("Connection")).as("the rest of the body is not read: the connection ends").hasValue("close");
    }

    @Test
    void onlyATooLargeBodyEndsTheConnection() {
        ApiClient.Response refused = api.post("/v0/cards", "{}", "small-body-key-1");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.header("Connection")).isEmpty();
    }

    @Test
    void deeplyNestedJsonIsRefusedCleanly() {
        String deep = "{\"a\":".repeat(2_000) + "1" + "}".repeat(2_000);
        ApiClient.Response response = api.post("/v0/cards", deep, "deep-body-key-1");
        assertThat(response.status()).isEqualTo(400);
    }

    @Test
    void aBodyOfOnlyWhitespaceIsNoBodyWhateverItsContentType() {
        ApiClient.Response empty = control.post("/_sandbox/faults", "{}", null);
        assertThat(empty.status()).isEqualTo(400);
        ApiClient.Response blank = control.send("POST", "/_sandbox/faults", " \r\n\t ", Map.of("Content-Type", "text/plain"));
        assertThat(blank.status()).as(blank.toString()).isEqualTo(400);
        assertThat(blank.json()).isEqualTo(empty.json());
    }

    @Test
    void aQueryValueThatIsNoIntegerIsRefusedNamingItsType() {
        ApiClient.Response response = api.get("/v0/accounts?limit=ten");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").toString()).isEqualTo("[\"limit must be an integer number\"]");
    }
}
