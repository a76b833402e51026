package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code Sandbox.connect} on a sandbox on demand's {@code base_url} (the server's address followed by
 * {@code /sandboxes/{id}}, the form a handle tells a sandbox on demand by): the handle works through
 * that path, and closing it closes that sandbox on its server, leaving the host as it is.
 */
class OnDemandConnectTest {

    @Test
    void aHandleConnectedThroughTheSandboxsPathWorksAndClosesIt() {
        try (Sandbox host = Sandbox.start()) {
            ApiClient control = new ApiClient(host.baseUrl(), null);
            JsonNode created = control.post("/_sandbox/sandboxes", Map.of(), null).json();
            String base = created.get("base_url").asText();
            assertThat(base).endsWith("/sandboxes/" + created.get("id").asText());
            Sandbox connected = Sandbox.connect(URI.create(base));
            String account = connected.accounts().named("Riverside Operating").id();
            connected.inboundAch().simulate(account, 125_00);
            assertThat(new ApiClient(base, null).get("/_sandbox/requests").status()).isEqualTo(200);
            assertThat(host.inboundAch().of(account)).hasSizeLessThan(connected.inboundAch().of(account).size());

            connected.close();
            assertThat(control.get("/_sandbox/sandboxes/" + created.get("id").asText()).status()).isEqualTo(404);
            assertThat(control.get("/_sandbox/sandboxes").json().get("data")).hasSize(1);
            assertThat(new ApiClient(host.baseUrl(), Sandbox.DEFAULT_API_KEY).get("/v0/accounts").status()).isEqualTo(200);
        }
    }
}
