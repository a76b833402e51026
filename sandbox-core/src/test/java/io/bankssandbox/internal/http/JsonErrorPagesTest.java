package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What Jetty refuses before a route runs is answered in JSON with the reason Jetty gave, or the
 * status's reason phrase when it gave none, and says {@code Connection: close}.
 */
class JsonErrorPagesTest extends SandboxTestBase {
    /** One request line on a fresh connection; the answer's head and body. */
    private String[] send(String requestLine) throws Exception {
        URI base = URI.create(sandbox.baseUrl());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write((requestLine + "\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int split = answer.indexOf("\r\n\r\n");
            return new String[] {answer.substring(0, split), answer.substring(split + 4)};
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/v0/cards/a\\b       | Illegal Path Character",
            "/v0/cards/a%c0%afb    | Bad UTF-8 encoding",
            "/v0/cards/%zz         | Bad Request"})
    void aTargetJettyRefusesIsAnsweredWithJettysReason(String target, String reason) throws Exception {
        String[] answer = send("GET " + target + " HTTP/1.1");
        assertThat(answer[0]).startsWith("HTTP/1.1 400 ").containsIgnoringCase("Connection: close")
                .containsIgnoringCase("Content-Type: application/json; charset=utf-8");
        assertThat(Json.MAPPER.readTree(answer[1]).toString())
                .isEqualTo("{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":\"" + reason + "\"}");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "400 | Bad header line | Bad header line",
            "400 | '   '           | Bad Request",
            "431 |                 | Request Header Fields Too Large"})
    void aMessageNoRequestWasMadeForIsANestJsErrorThatClosesTheConnection(int status, String reason, String message)
            throws Exception {
        HttpFields.Mutable headers = HttpFields.build();
        ByteBuffer body = new JsonErrorPages(request -> "/v0/external-accounts").badMessageError(status, reason, headers);
        assertThat(headers.get(HttpHeader.CONTENT_TYPE)).isEqualTo("application/json; charset=utf-8");
        assertThat(headers.get(HttpHeader.CONNECTION)).isEqualTo("close");
        byte[] bytes = new byte[body.remaining()];
        body.get(bytes);
        assertThat(Json.MAPPER.readTree(bytes).toString()).as("the NestJS shape: no route was chosen")
                .isEqualTo("{\"statusCode\":" + status + ",\"error\":\"" + ErrorShape.reasonPhrase(status)
                        + "\",\"message\":\"" + message + "\"}");
    }
}
