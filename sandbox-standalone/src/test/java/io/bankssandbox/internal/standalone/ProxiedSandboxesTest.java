package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone server behind a real reverse proxy (Debian's nginx on loopback, serving it under
 * {@code /bank} and saying so in {@code X-Forwarded-*}): a sandbox started on demand through the
 * proxy has its address under the proxy's, and everything it serves works through it (the API, its
 * dashboard and the files that page links, the card details link, its scenario export, which replays
 * green); closed, its address answers 404 through the proxy too.
 */
class ProxiedSandboxesTest {
    private static final String RIVERSIDE = "account_0000000ptmhjx1gxm2mi";

    @TempDir
    Path temp;

    @Test
    void aSandboxOnDemandThroughTheProxyIsAddressedAndServedThroughIt() throws Exception {
        try (SandboxProcess server = SandboxProcess.start("--port", "0", "--clock", "frozen");
             ReverseProxy proxy = ReverseProxy.start(server.baseUrl(), "/bank", temp)) {
            HttpResponse<String> created = Http.send(proxy.url() + "/_sandbox/sandboxes", "POST", null, null, "{\"name\":\"proxied\"}");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            JsonNode sandbox = Http.JSON.readTree(created.body());
            String id = sandbox.get("id").asText();
            String base = sandbox.get("base_url").asText();
            assertThat(base).isEqualTo(proxy.url() + "/sandboxes/" + id);
            assertThat(sandbox.get("dashboard_url").asText()).isEqualTo(base + "/_sandbox/ui");
            // the host too, listed through the proxy, is at the proxy's address
            JsonNode listed = Http.JSON.readTree(Http.get(proxy.url() + "/_sandbox/sandboxes", null).body()).get("data");
            assertThat(listed.get(0).get("base_url").asText()).isEqualTo(proxy.url());
            assertThat(listed.get(1).get("base_url").asText()).isEqualTo(base);

            HttpResponse<String> account = Http.get(base + "/v0/accounts/" + RIVERSIDE, Sandbox.DEFAULT_API_KEY);
            assertThat(account.statusCode()).isEqualTo(200);
            assertThat(Http.JSON.readTree(account.body()).get("id").asText()).isEqualTo(RIVERSIDE);
            assertThat(Http.get(base + "/v0/nope", Sandbox.DEFAULT_API_KEY).body())
                    .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /v0/nope\"}");

            String page = Http.get(sandbox.get("dashboard_url").asText(), null).body();
            Matcher links = Pattern.compile("(?:src|href)=\"(ui/[^\"]+)\"").matcher(page);
            int found = 0;
            while (links.find()) {
                assertThat(Http.get(base + "/_sandbox/" + links.group(1), null).statusCode()).as(links.group(1)).isEqualTo(200);
                found++;
            }
            assertThat(found).isGreaterThanOrEqualTo(3);

            String card = null;
            for (JsonNode row : Http.JSON.readTree(Http.get(base + "/_sandbox/state", null).body()).get("cards")) {
                card = "Office supplies".equals(row.path("nickname").asText()) ? row.get("id").asText() : card;
            }
            String details = Http.JSON.readTree(Http.get(base + "/v0/cards/" + card + "/iframe", Sandbox.DEFAULT_API_KEY).body())
                    .get("url").asText();
            assertThat(details).startsWith(base + "/_sandbox/card-details/");
            assertThat(Http.get(details, null).statusCode()).isEqualTo(200);

            // what was asked through the proxy replays green on a sandbox of its own
            Path scenario = temp.resolve("proxied.json");
            Files.writeString(scenario, Http.get(base + "/_sandbox/requests?format=scenario", null).body());
            assertThat(Files.readString(scenario)).contains("\"/v0/accounts/" + RIVERSIDE + "\"").doesNotContain("/bank");
            StringWriter out = new StringWriter();
            int exit = Main.execute(new String[] {"replay", scenario.toString()}, new PrintWriter(out, true),
                    new PrintWriter(new StringWriter(), true));
            assertThat(out.toString().strip()).endsWith("1 passed, 0 failed");
            assertThat(exit).isZero();

            assertThat(Http.send(proxy.url() + "/_sandbox/sandboxes/" + id, "DELETE", null, null, null).statusCode()).isEqualTo(204);
            HttpResponse<String> gone = Http.get(base + "/v0/accounts/" + RIVERSIDE, Sandbox.DEFAULT_API_KEY);
            assertThat(gone.statusCode()).isEqualTo(404);
            assertThat(gone.body()).isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Sandbox " + id + " not found\"}");
        }
    }
}
