package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A pending delivery is part of the state: imported into another sandbox, it is retried there on
 * that sandbox's clock, as if it had always been its own.
 */
class WebhookImportedDeliveryTest extends WebhookTestBase {
    @Test
    void aPendingDeliveryImportedIntoAnotherSandboxIsRetriedThere() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        JsonNode exported;
        String id;
        try (Sandbox first = Sandbox.start()) {
            ApiClient firstControl = new ApiClient(first.baseUrl(), null);
            ok(firstControl.post("/_sandbox/webhooks", Map.of("url", receiver.url(),
                    "events", List.of("transaction.created"))), 201);
            postCredit(firstControl, first.exportState().get("accounts").get(0).get("id").asText(), 4_200);
            id = ok(firstControl.get("/_sandbox/webhooks/deliveries"), 200).at("/data/0/id").asText();
            assertThat(awaitAttempts(firstControl, id, 1).get("status").asText()).isEqualTo("pending");
            exported = first.exportState();
        }
        int before = receiver.received().size();
        receiver.behave(WebhookReceiver.Behaviour.OK);

        try (Sandbox second = Sandbox.start()) {
            ApiClient secondControl = new ApiClient(second.baseUrl(), null);
            second.importState(exported);
            second.clock().advance(Duration.ofDays(1));

            JsonNode retried = awaitAttempts(secondControl, id, 2);
            assertThat(retried.get("status").asText()).isEqualTo("delivered");
            List<WebhookReceiver.Received> got = receiver.await(before + 1, WITHIN);
            assertThat(got.get(before).header("webhook-id")).isEqualTo(got.get(0).header("webhook-id"));
        }
    }
}
