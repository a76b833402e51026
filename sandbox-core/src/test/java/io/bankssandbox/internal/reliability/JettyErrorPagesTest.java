package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What Jetty refuses before any route runs (a target it cannot read at all, one with a character no
 * path may hold) is answered in the error shape of the routes the path names, as every other answer
 * is: {@code {error}} under {@code /v0/external-accounts}, NestJS's elsewhere; at a port's root, under
 * the path of a sandbox on demand, and under the path of one that is gone, as the host answers that
 * path's readable requests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JettyErrorPagesTest {
    /** Targets Jetty refuses with a 400: unreadable ones (no HttpURI at all), and ones it reads and then rejects. */
    private static final List<String> REFUSED = List.of("%zz", "a%00b", "a%c0%afb", "a\\b");

    private Sandbox host;
    private RawHttp raw;
    private String mounted;

    @BeforeAll
    void start() {
        host = Sandbox.start();
        URI base = URI.create(host.baseUrl());
        raw = new RawHttp(base.getHost(), base.getPort());
        mounted = URI.create(new ApiClient(host.baseUrl(), null).post("/_sandbox/sandboxes", Map.of(), null).json()
                .get("base_url").asText()).getPath();
    }

    @AfterAll
    void stop() {
        host.close();
    }

    private List<String> prefixes() {
        return List.of("", mounted, "/sandboxes/sandbox_00000000000000000000");
    }

    @Test
    void underExternalAccountsTheyAreOneErrorSentence() {
        List<String> asked = new ArrayList<>();
        for (String prefix : prefixes()) {
            for (String refused : REFUSED) {
                String target = prefix + "/v0/external-accounts/" + refused;
                ApiClient.Response response = raw.send("GET", target, Map.of(), null);
                assertThat(response.status()).as(target).isEqualTo(400);
                JsonNode body = response.json();
                assertThat(body.size()).as(target + " " + body).isEqualTo(1);
                assertThat(body.get("error").asText()).as(target).isNotBlank();
                assertThat(response.header("Connection")).as(target).hasValue("close");
                asked.add(target);
            }
        }
        assertThat(asked).hasSize(REFUSED.size() * 3);
    }

    @Test
    void elsewhereTheyAreNestJsErrors() {
        for (String prefix : prefixes()) {
            for (String refused : REFUSED) {
                String target = prefix + "/v0/cards/" + refused;
                ApiClient.Response response = raw.send("GET", target, Map.of(), null);
                assertThat(response.status()).as(target).isEqualTo(400);
                JsonNode body = response.json();
                assertThat(body.get("statusCode").asInt()).as(target + " " + body).isEqualTo(400);
                assertThat(body.get("error").asText()).as(target).isEqualTo("Bad Request");
                assertThat(body.get("message").asText()).as(target).isNotBlank();
            }
        }
    }

    @Test
    void aPathThatOnlyLooksLikeAMountIsNamedAsItIs() {
        // /v0/x/v0/external-accounts is no sandbox's path: an unknown route of the port, NestJS-shaped
        ApiClient.Response response = raw.send("GET", "/v0/x/v0/external-accounts/%zz", Map.of(), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(400);
    }
}
