package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.Await;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A webhook delivery in an imported state document meets the document's own schema of what it carries
 * (the body is the served WebhookBody): a body the schema refuses is a 400 naming the field, never a 500
 * when the sandbox reads it, and the state is left as it was.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookDeliveriesOnLoadTest {
    private Sandbox sandbox;
    private ApiClient control;
    private JsonNode withDelivery;

    @BeforeAll
    void start() {
        sandbox = Sandbox.start();
        control = new ApiClient(sandbox.baseUrl(), null);
        assertThat(control.post("/_sandbox/webhooks", Map.of("url", "inbox"), null).status()).isEqualTo(201);
        sandbox.inboundAch().simulate(sandbox.accounts().named("Riverside Operating").id(), 1_00);
        sandbox.clock().advance(Duration.ofDays(1));
        // the inbox takes them on the dispatcher's thread: exported once every one is delivered, the state stays put
        Await.until("every delivery delivered", Duration.ofSeconds(60), () -> sandbox.exportState().get("webhook_deliveries"),
                deliveries -> deliveries.findValuesAsText("status").stream().allMatch("delivered"::equals));
        withDelivery = sandbox.exportState();
        assertThat(withDelivery.get("webhook_deliveries")).isNotEmpty();
    }

    @AfterAll
    void stop() {
        sandbox.close();
    }

    private void assertRefusedNaming(ObjectNode state, String... messages) {
        JsonNode before = sandbox.exportState();
        ApiClient.Response refused = control.put("/_sandbox/state", state);
        assertThat(refused.status()).as("%.300s", refused.text()).isEqualTo(400);
        assertThat(refused.json().get("error").asText()).isEqualTo("Bad Request");
        assertThat(refused.json().get("message")).extracting(JsonNode::asText).contains(messages);
        assertThat(sandbox.exportState()).isEqualTo(before);
    }

    @Test
    void aDeliveryBodyWithANullEventAndTimeIsA400NamingEachField() {
        ObjectNode state = withDelivery.deepCopy();
        ObjectNode body = (ObjectNode) state.withArray("webhook_deliveries").get(0).get("body");
        body.removeAll();
        body.putNull("event");
        body.putNull("occurred_at");
        assertRefusedNaming(state,
                "webhook_deliveries.json /0/body/event: [0].body.event must be one of the following values: "
                        + "transaction.created, entity.connected (enum)",
                "webhook_deliveries.json /0/body/occurred_at: [0].body.occurred_at must be a string (type)");
    }

    @Test
    void aDeliveryBodyWithoutItsEventIsA400() {
        ObjectNode state = withDelivery.deepCopy();
        ((ObjectNode) state.withArray("webhook_deliveries").get(0).get("body")).remove("event");
        assertRefusedNaming(state, "webhook_deliveries.json /0/body/event: [0].body.event should not be empty (required)");
    }

    @Test
    void aPendingDeliveryWithoutATimeForItsNextAttemptIsA400NamingIt() {
        // found by the contract property: the import was answered 500 after the state was replaced
        ObjectNode state = withDelivery.deepCopy();
        ObjectNode delivery = (ObjectNode) state.withArray("webhook_deliveries").get(0);
        delivery.put("status", "pending");
        delivery.putNull("next_attempt_at");
        assertRefusedNaming(state, "webhook_deliveries.json /0/next_attempt_at: [0].next_attempt_at must be a string (type)");
    }

    @Test
    void aHeldCardAuthorizationWithoutAnIdIsA400NamingIt() {
        ObjectNode state = withDelivery.deepCopy();
        ((ObjectNode) state.withArray("card_authorizations").get(0)).putNull("id");
        assertRefusedNaming(state, "card_authorizations.json /0/id: [0].id must be a string (type)");
    }

    @Test
    void theExportedDeliveryLoadsAsItWas() {
        assertThat(control.put("/_sandbox/state", withDelivery).status()).isEqualTo(200);
        assertThat(sandbox.exportState().get("webhook_deliveries")).isEqualTo(withDelivery.get("webhook_deliveries"));
    }
}
