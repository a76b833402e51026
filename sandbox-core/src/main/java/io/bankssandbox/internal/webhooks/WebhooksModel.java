package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the webhooks feature keeps (endpoints added through the control API, every delivery) and the rules a loaded state meets about it. */
public final class WebhooksModel {
    public static final StateModel PART = StateModel.builder()
            .table(WebhookEndpoint.TABLE)
            .table(WebhookDelivery.TABLE)
            .references(120, WebhooksModel::endpoints)
            .build();

    private WebhooksModel() {}

    private static void endpoints(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (WebhookEndpoint endpoint : state.table(WebhookEndpoint.TABLE).all()) {
            if (state.apiKeys.stream().noneMatch(key -> key.key().equals(endpoint.apiKey()))) {
                problems.add("webhook_endpoints.json " + endpoint.id() + "/api_key: unknown API key " + endpoint.apiKey());
            }
        }
    }
}
