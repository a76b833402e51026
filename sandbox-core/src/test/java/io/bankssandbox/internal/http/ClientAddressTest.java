package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every URL the sandbox writes names the address the client used ({@link ClientAddress}): the
 * {@code Host} it sent, or what a proxy says in {@code Forwarded} or {@code X-Forwarded-*}, never the
 * address the server is bound to. Sent over a plain socket, since Java's HTTP client does not let a
 * caller choose the {@code Host} header.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientAddressTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Sandbox host;

    /** Bound to every interface: the address it listens on is no address a client can use. */
    @BeforeAll
    void start() {
        host = Sandbox.start(SandboxConfig.builder().host("0.0.0.0").build());
    }

    @AfterAll
    void stop() {
        host.close();
    }

    private record Answer(int status, JsonNode json) {}

    /** One HTTP/1.1 request (HTTP/1.0 when {@code headers} has no Host) on a fresh connection. */
    private Answer send(String method, String path, Map<String, String> headers) throws IOException {
        StringBuilder request = new StringBuilder(method + " " + path + (headers.containsKey("Host") ? " HTTP/1.1" : " HTTP/1.0") + "\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("Connection: close\r\nContent-Length: ").append(method.equals("POST") ? 2 : 0).append("\r\n");
        request.append(method.equals("POST") ? "Content-Type: application/json\r\n\r\n{}" : "\r\n");
        try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(host.baseUrl().replaceAll(".*:", "")))) {
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            String body = response.substring(response.indexOf("\r\n\r\n") + 4);
            if (response.toLowerCase().contains("transfer-encoding: chunked")) {
                body = body.substring(body.indexOf("\r\n") + 2, body.lastIndexOf("\r\n0\r\n"));
            }
            return new Answer(status, JSON.readTree(body));
        }
    }

    private JsonNode create(Map<String, String> headers) throws IOException {
        Answer created = send("POST", "/_sandbox/sandboxes", headers);
        assertThat(created.status()).as(created.json().toString()).isEqualTo(201);
        return created.json();
    }

    private static Map<String, String> headers(String... namesAndValues) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return headers;
    }

    @Test
    void theHostHeaderNamesTheAddressAndEachRequestItsOwn() throws IOException {
        JsonNode created = create(headers("Host", "bank.test:49153"));
        String id = created.get("id").asText();
        assertThat(created.get("base_url").asText()).isEqualTo("http://bank.test:49153/sandboxes/" + id);
        assertThat(created.get("dashboard_url").asText()).isEqualTo("http://bank.test:49153/sandboxes/" + id + "/_sandbox/ui");
        // a later request by another name: the URLs follow it, not the one that created the sandbox
        JsonNode list = send("GET", "/_sandbox/sandboxes", headers("Host", "localhost:8080")).json().get("data");
        assertThat(list.get(0).get("base_url").asText()).isEqualTo("http://localhost:8080");
        assertThat(list.findValuesAsText("base_url")).contains("http://localhost:8080/sandboxes/" + id);
        assertThat(send("GET", "/_sandbox/sandboxes/" + id, headers("Host", "[::1]:8080")).json().get("base_url").asText())
                .isEqualTo("http://[::1]:8080/sandboxes/" + id);
    }

    @Test
    void aProxysXForwardedHeadersNameTheAddressItWasReachedAt() throws IOException {
        JsonNode created = create(headers("Host", "10.88.0.5:8080", "X-Forwarded-Host", "bank.example.com",
                "X-Forwarded-Proto", "https", "X-Forwarded-Prefix", "/tenant-a/"));
        String id = created.get("id").asText();
        assertThat(created.get("base_url").asText()).isEqualTo("https://bank.example.com/tenant-a/sandboxes/" + id);
        // the first of each list (the proxy nearest the client); each proxy's prefix in turn; the forwarded port
        assertThat(send("GET", "/_sandbox/sandboxes/" + id, headers("Host", "10.88.0.5:8080",
                "X-Forwarded-Host", "first.example, second.example", "X-Forwarded-Proto", "https, http",
                "X-Forwarded-Port", "8443", "X-Forwarded-Prefix", "/outer, /inner/")).json().get("base_url").asText())
                .isEqualTo("https://first.example:8443/outer/inner/sandboxes/" + id);
        assertThat(send("GET", "/_sandbox/sandboxes/" + id, headers("Host", "10.88.0.5:8080",
                "X-Forwarded-Proto", "https", "X-Forwarded-Port", "443")).json().get("base_url").asText())
                .isEqualTo("https://10.88.0.5/sandboxes/" + id);
    }

    @Test
    void forwardedOfRfc7239WinsAndItsFirstElementCounts() throws IOException {
        JsonNode created = create(headers("Host", "10.88.0.5:8080",
                "Forwarded", "for=192.0.2.60;proto=https;host=\"bank.example.com:8443\", for=10.0.0.1;host=inner.local",
                "X-Forwarded-Host", "ignored.example", "X-Forwarded-Prefix", "/bank"));
        assertThat(created.get("base_url").asText())
                .isEqualTo("https://bank.example.com:8443/bank/sandboxes/" + created.get("id").asText());
        JsonNode forOnly = create(headers("Host", "10.88.0.5:8080", "Forwarded", "for=\"[2001:db8::1]\"",
                "X-Forwarded-Host", "bank.example.com"));
        assertThat(forOnly.get("base_url").asText()).isEqualTo("http://bank.example.com/sandboxes/" + forOnly.get("id").asText());
    }

    @Test
    void valuesThatAreNoHostSchemePortOrPathAreIgnored() throws IOException {
        JsonNode created = create(headers("Host", "localhost:8080", "X-Forwarded-Host", "evil.example/phish?x=",
                "X-Forwarded-Proto", "javascript", "X-Forwarded-Port", "eighty", "X-Forwarded-Prefix", "/a\"b",
                "Forwarded", "host=\"a b\";proto=ftp"));
        assertThat(created.get("base_url").asText()).isEqualTo("http://localhost:8080/sandboxes/" + created.get("id").asText());
        // nor a warning of the server's: Jetty's reading of it logs at WARN, which the test output would show
        assertThat(org.slf4j.LoggerFactory.getLogger("org.eclipse.jetty.util.HostPort").isWarnEnabled()).isFalse();
    }

    @Test
    void xForwardedHostsOwnPortWinsOverXForwardedPortAsInJettysOrder() throws IOException {
        JsonNode created = create(headers("Host", "10.88.0.5:8080", "X-Forwarded-Host", "bank.example.com:9443",
                "X-Forwarded-Proto", "https", "X-Forwarded-Port", "8443"));
        assertThat(created.get("base_url").asText()).isEqualTo("https://bank.example.com:9443/sandboxes/" + created.get("id").asText());
        // Forwarded's host without a port: the scheme's, whatever X-Forwarded-Port says
        JsonNode rfc = create(headers("Host", "10.88.0.5:8080", "Forwarded", "proto=https;host=bank.example.com",
                "X-Forwarded-Port", "8443"));
        assertThat(rfc.get("base_url").asText()).isEqualTo("https://bank.example.com/sandboxes/" + rfc.get("id").asText());
    }

    @Test
    void oneForwardedValueThatIsNoPlainHostOrSchemeLeavesTheAddressAsTheConnectionSawIt() throws IOException {
        JsonNode badScheme = create(headers("Host", "localhost:8080", "X-Forwarded-Host", "bank.example.com",
                "X-Forwarded-Proto", "javascript"));
        assertThat(badScheme.get("base_url").asText()).isEqualTo("http://localhost:8080/sandboxes/" + badScheme.get("id").asText());
        // a host of RFC 3986's sub-delimiters is a host to Jetty, not to us
        JsonNode subDelimiters = create(headers("Host", "localhost:8080", "X-Forwarded-Host", "bank'(x).example"));
        assertThat(subDelimiters.get("base_url").asText()).isEqualTo("http://localhost:8080/sandboxes/" + subDelimiters.get("id").asText());
        JsonNode badHost = create(headers("Host", "bank'(x).example:8080"));
        assertThat(badHost.get("base_url").asText()).startsWith("http://127.0.0.1:").doesNotContain("bank");
    }

    @Test
    void onlyTheDocumentedHeadersCountNotJettysOthers() throws IOException {
        JsonNode created = create(headers("Host", "localhost:8080", "X-Forwarded-Server", "proxy.example",
                "X-Proxied-Https", "on", "Proxy-ssl-id", "abc", "X-Forwarded-For", "192.0.2.60"));
        assertThat(created.get("base_url").asText()).isEqualTo("http://localhost:8080/sandboxes/" + created.get("id").asText());
        // beside one of ours, which has Jetty read the forwarding headers: each of its others, one at a time
        String[][] others = {{"X-Forwarded-Server", "proxy.example"}, {"X-Proxied-Https", "on"}, {"Proxy-ssl-id", "abc"},
                {"Proxy-auth-cert", "abc"}, {"X-Forwarded-For", "192.0.2.60:4433"}};
        for (String[] other : others) {
            JsonNode answer = create(headers("Host", "localhost:8080", "X-Forwarded-Proto", "http", other[0], other[1]));
            assertThat(answer.get("base_url").asText()).as(other[0])
                    .isEqualTo("http://localhost:8080/sandboxes/" + answer.get("id").asText());
        }
    }

    @Test
    void aRequestWhoseEveryHeaderIsAForwardingOneIsReadToo() throws IOException {
        // HTTP/1.0 with no Host and no other header: the only field is the proxy's
        try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(host.baseUrl().replaceAll(".*:", "")))) {
            socket.getOutputStream().write("GET /_sandbox/sandboxes HTTP/1.0\r\nX-Forwarded-Host: bank.example.com\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response).matches("(?s)HTTP/1\\.[01] 200 .*");
            JsonNode list = JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4)).get("data");
            assertThat(list.get(0).get("base_url").asText()).isEqualTo("http://bank.example.com");
        }
    }

    @Test
    void aHostThatIsNoPlainHostGivesTheIpv6AddressTheConnectionReachedInBrackets() throws IOException {
        try (Sandbox v6 = Sandbox.start(SandboxConfig.builder().host("::1").output(SandboxConfig.Output.SILENT).build());
             Socket socket = new Socket("::1", Integer.parseInt(v6.baseUrl().replaceAll(".*:", "")))) {
            socket.getOutputStream().write("GET /_sandbox/sandboxes HTTP/1.1\r\nHost: bank'(x).example:8080\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response).matches("(?s)HTTP/1\\.1 200 .*");
            String body = response.substring(response.indexOf("\r\n\r\n") + 4);
            if (response.toLowerCase().contains("transfer-encoding: chunked")) {
                body = body.substring(body.indexOf("\r\n") + 2, body.lastIndexOf("\r\n0\r\n"));
            }
            assertThat(JSON.readTree(body).get("data").get(0).get("base_url").asText())
                    .matches("http://\\[[0-9a-f:]+\\]:" + v6.baseUrl().replaceAll(".*:", ""));
        }
    }

    @Test
    void withoutAHostHeaderItIsTheAddressTheConnectionReachedNeverTheWildcard() throws IOException {
        JsonNode created = create(Map.of());
        assertThat(created.get("base_url").asText()).startsWith("http://127.0.0.1:").doesNotContain("0.0.0.0");
    }

    @Test
    void aCardDetailsLinkOfASandboxOnDemandBehindAProxyIsTheProxysUnderItsPath() throws IOException {
        Map<String, String> proxied = headers("Host", "10.88.0.5:8080", "X-Forwarded-Host", "bank.example.com",
                "X-Forwarded-Proto", "https", "X-Forwarded-Prefix", "/tenant-a", "Authorization", "Bearer " + Sandbox.DEFAULT_API_KEY);
        String id = create(proxied).get("id").asText();
        String card = null;
        for (JsonNode row : host.exportState().get("cards")) {
            card = "Office supplies".equals(row.path("nickname").asText()) ? row.get("id").asText() : card;
        }
        Answer iframe = send("GET", "/sandboxes/" + id + "/v0/cards/" + card + "/iframe", proxied);
        assertThat(iframe.status()).isEqualTo(200);
        assertThat(iframe.json().get("url").asText())
                .startsWith("https://bank.example.com/tenant-a/sandboxes/" + id + "/_sandbox/card-details/");
    }
}
