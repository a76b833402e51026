package io.bankssandbox.internal.standalone.container;

import static io.bankssandbox.internal.standalone.container.Podman.podman;
import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.standalone.Http;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A state file on a named volume: SIGTERM writes it, and the next container on the volume serves it. */
class ImageStateIT {
    private final String volume = Podman.name("data");
    private String first;
    private String second;

    @AfterEach
    void remove() throws Exception {
        Podman.remove(first, second);
        podman("volume", "rm", "-f", volume);
    }

    @Test
    void sigtermStopsItWithinTwoSecondsAndTheVolumeServesTheNextContainer() throws Exception {
        List<String> options = List.of("-v", volume + ":/data", "-e", "BANKS_SANDBOX_STATE_FILE=/data/state.json");
        first = Podman.start(Podman.name("state1"), options);
        String url = Podman.baseUrl(first);
        HttpResponse<String> card = Http.send(url + "/v0/cards", "POST", "lm_key_sandbox_all", "kept-across-containers",
                "{\"bank_account_id\":\"account_0000000srbl695e78hs4\",\"nickname\":\"Kept on the volume\","
                        + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
                        + "{\"spending_limits\":[{\"interval\":\"per_transaction\",\"amount\":5000}]}}}}");
        assertThat(card.statusCode()).as(card.body()).isEqualTo(201);
        String id = Http.JSON.readTree(card.body()).path("id").asText();

        // podman stop: SIGTERM, then SIGKILL after 2 s; a container killed would exit 137
        Podman.Result stop = podman("stop", "-t", "2", first);
        assertThat(stop.exit()).as(stop.toString()).isZero();
        String exit = podman("inspect", "--format", "{{.State.ExitCode}}", first).out().trim();
        assertThat(exit).as("exit code after SIGTERM (137: killed after the 2 s)").isIn("0", "143");
        assertThat(podman("logs", first).out()).contains("State file: /data/state.json");
        assertThat(podman("rm", first).exit()).isZero();
        first = null;

        second = Podman.start(Podman.name("state2"), options);
        String again = Podman.baseUrl(second);
        HttpResponse<String> read = Http.get(again + "/v0/cards/" + id, "lm_key_sandbox_all");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(Http.JSON.readTree(read.body()).path("nickname").asText()).isEqualTo("Kept on the volume");
    }
}
