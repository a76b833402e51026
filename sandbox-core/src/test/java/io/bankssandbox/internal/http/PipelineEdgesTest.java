package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rules at the edges of the pipeline: a HEAD where no GET route is, the Content-Type check of a body
 * a route reads as a stream, and the reset a fault closing the connection sends.
 */
class PipelineEdgesTest extends SandboxTestBase {

    @Test
    void aHeadWhereNoGetRouteIsIsTheUnknownRoutes404() {
        ApiClient.Response head = api.send("HEAD", "/v0/nothing/here", null, Map.of());
        assertThat(head.status()).isEqualTo(404);
        assertThat(head.bytes()).isEmpty();
    }

    @Test
    void aStreamedBodyMustBeJsonButAnEmptyOneIsNotCheckedForItsType() {
        ApiClient.Response text = control.send("PUT", "/_sandbox/state", "x", Map.of("Content-Type", "text/plain"));
        assertThat(text.status()).isEqualTo(415);
        assertThat(text.json().get("message").asText()).isEqualTo("Content-Type must be application/json");
        ApiClient.Response empty = control.send("PUT", "/_sandbox/state", "", Map.of("Content-Type", "text/plain"));
        assertThat(empty.status()).as("read as the document it is not: " + empty).isEqualTo(400);
        assertThat(empty.json().get("message").get(0).asText())
                .isEqualTo("state document /: not a state document (a JSON object whose keys are the fixture files' names)");
    }

    @Test
    void aFaultThatClosesTheConnectionResetsIt() throws Exception {
        assertThat(control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "close_connection", true),
                null).status()).isEqualTo(200);
        URI base = URI.create(sandbox.baseUrl());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /v0/entities HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\nAuthorization: Bearer " + ALL
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            // a reset, not an orderly close: no end of stream, an error, as a network that loses the answer gives
            assertThatThrownBy(in::read).isInstanceOf(SocketException.class).hasMessageContaining("reset");
        }
    }

    @Test
    void optionsOnAServedPathNamesTheMethodsEveryRouteThereRegistered() {
        // routes register as a sandbox starts: this test starts its own, so that the registration is part of it
        try (Sandbox own = Sandbox.start(SandboxConfig.builder().output(SandboxConfig.Output.SILENT).build())) {
            ApiClient client = new ApiClient(own.baseUrl(), ALL);
            ApiClient.Response webhook = client.send("OPTIONS", "/_sandbox/webhooks/we_1", null, Map.of());
            assertThat(webhook.status()).isEqualTo(204);
            assertThat(webhook.header("Allow")).as("only DELETE: no GET of one endpoint").hasValue("DELETE, OPTIONS");
            assertThat(client.send("OPTIONS", "/v0/cards", null, Map.of()).header("Allow")).hasValue("POST, OPTIONS");
            assertThat(client.send("OPTIONS", "/_sandbox/state", null, Map.of()).header("Allow"))
                    .as("the import, which reads its body as a stream").hasValue("GET, HEAD, PUT, OPTIONS");
        }
    }
}
