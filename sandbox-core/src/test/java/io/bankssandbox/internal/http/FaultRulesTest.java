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
 * What a fault may say together ({@code FaultRequest} in the OpenAPI document, the one place these
 * rules live): a closed connection carries no body or headers; every other fault has a status; no
 * header that frames the answer. Each bad combination is a 400 in the NestJS shape naming it, and
 * scripts nothing.
 */
class FaultRulesTest extends SandboxTestBase {
    private static final String NO_BODY = "body must be left out when close_connection is true: a closed connection sends no answer";
    private static final String NO_HEADERS = "headers must be left out when close_connection is true: a closed connection sends no answer";
    private static final String STATUS = "status should not be empty unless close_connection is true";
    private static final String FRAMING = " is a header the sandbox frames the answer with (Content-Length, Content-Type,"
            + " Content-Encoding, Transfer-Encoding, Connection, Keep-Alive, TE, Trailer, Upgrade): a fault may not set it";

    private List<String> refusal(String json) {
        ApiClient.Response refused = control.post("/_sandbox/faults", json, null);
        assertThat(refused.status()).as(json).isEqualTo(400);
        JsonNode body = refused.json();
        assertThat(body.get("statusCode").asInt()).isEqualTo(400);
        assertThat(body.get("error").asText()).isEqualTo("Bad Request");
        List<String> messages = new ArrayList<>();
        body.get("message").forEach(message -> messages.add(message.asText()));
        assertThat(control.get("/_sandbox/faults").json().get("faults")).as("nothing scripted").isEmpty();
        return messages;
    }

    @Test
    void aClosedConnectionTakesNoBodyNorHeaders() {
        assertThat(refusal("{\"method\":\"POST\",\"path\":\"/v0/cards\",\"close_connection\":true,\"body\":{\"a\":1}}"))
                .containsExactly(NO_BODY);
        assertThat(refusal("{\"method\":\"POST\",\"path\":\"/v0/cards\",\"close_connection\":true,"
                + "\"headers\":{\"Retry-After\":\"1\"}}")).containsExactly(NO_HEADERS);
        assertThat(refusal("{\"method\":\"POST\",\"path\":\"/v0/cards\",\"close_connection\":true,\"body\":null,"
                + "\"headers\":{}}")).containsExactlyInAnyOrder(NO_BODY, NO_HEADERS);
    }

    @Test
    void everyOtherFaultNeedsAStatus() {
        assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\"}")).containsExactly(STATUS);
        assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\",\"close_connection\":false,\"after_processing\":true}"))
                .containsExactly(STATUS);
        assertThat(control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "close_connection", true,
                "status", 503), null).status()).as("a status beside close_connection is not needed, nor refused").isEqualTo(200);
    }

    @Test
    void headersThatFrameTheAnswerOrAreNoHeadersAreRefused() {
        for (String name : List.of("Content-Length", "content-type", "TRANSFER-ENCODING", "Connection", "te")) {
            assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\",\"status\":503,\"headers\":{\"" + name + "\":\"1\"}}"))
                    .as(name).containsExactly("headers." + name + FRAMING);
        }
        assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\",\"status\":503,\"headers\":{\"Bad Name\":\"1\"}}"))
                .containsExactly("headers.Bad Name is not a header name: letters, digits and !#$%&'*+-.^_`|~ only");
        assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\",\"status\":503,"
                + "\"headers\":{\"Retry-After\":\"1\\r\\nSet-Cookie: x=1\"}}"))
                .containsExactly("headers.Retry-After must be a header value: printable ASCII, no line break");
        assertThat(refusal("{\"method\":\"GET\",\"path\":\"/v0/accounts\",\"status\":503,\"headers\":{\"Retry-After\":1}}"))
                .containsExactly("headers.Retry-After must be a string");
    }

    @Test
    void theListShowsEveryFieldOfAScriptedFault() {
        control.post("/_sandbox/faults", Map.of("method", "post", "path", "/v0/cards", "status", 503, "delay_ms", 10,
                "headers", Map.of("Retry-After", "2"), "after_processing", true, "times", 2), null);
        control.post("/_sandbox/faults", Map.of("method", "POST", "path", "/v0/cards", "close_connection", true), null);
        JsonNode faults = control.get("/_sandbox/faults").json().get("faults");
        assertThat(faults.get(0).toString()).isEqualTo("{\"method\":\"POST\",\"path\":\"/v0/cards\",\"status\":503,\"body\":null,"
                + "\"headers\":{\"Retry-After\":\"2\"},\"delay_ms\":10,\"after_processing\":true,\"close_connection\":false,\"times\":2}");
        assertThat(faults.get(1).toString()).isEqualTo("{\"method\":\"POST\",\"path\":\"/v0/cards\",\"status\":null,\"body\":null,"
                + "\"headers\":{},\"delay_ms\":0,\"after_processing\":false,\"close_connection\":true,\"times\":1}");
    }

    @Test
    void clearingForgetsEveryFaultSoOneScriptedAfterIsTheOnlyOne() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "status", 500), null);
        assertThat(control.delete("/_sandbox/faults").status()).isEqualTo(200);
        assertThat(control.get("/_sandbox/faults").json().get("faults")).isEmpty();
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503), null);
        assertThat(control.get("/_sandbox/faults").json().get("faults")).hasSize(1);
        assertThat(api.get("/v0/accounts").status()).as("the cleared fault is gone").isEqualTo(200);
        assertThat(api.get("/v0/entities").status()).isEqualTo(503);
    }

    @Test
    void aFaultsWaitEndsWhenItsThreadIsInterruptedAndTheInterruptIsKept() {
        FaultInjector faults = new FaultInjector();
        Thread.currentThread().interrupt();
        try {
            faults.pause(60_000); // returns at once: the thread was interrupted
        } finally {
            assertThat(Thread.interrupted()).as("still interrupted, for the code after the wait").isTrue();
        }
    }
}
