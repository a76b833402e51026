package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.onboarding.Onboarding;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.transactions.TransactionView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a write's events become, synchronously, on the default fixtures without HTTP: one pending
 * delivery per endpoint whose key sees the event, committed with the write, its body rendered then;
 * and the rules of registering, deleting and redelivering, which the control routes and the handle
 * share. Endpoints here are all the sandbox's own inbox, so nothing leaves the JVM.
 */
class WebhookFanoutTest {
    private static final String ALL = "lm_key_sandbox_all";
    private static final String ONE = "lm_key_sandbox_one";

    private final List<WebhookService> services = new ArrayList<>();
    private SandboxRuntime runtime;
    private WebhookService webhooks;

    @AfterEach
    void close() {
        services.forEach(WebhookService::close);
    }

    private void start(SandboxConfig config) {
        runtime = SandboxInternals.bareRuntime(config);
        webhooks = new WebhookService(runtime, "fanout-test", "0-test");
        services.add(webhooks);
    }

    private void start() {
        start(SandboxConfig.defaults());
    }

    private <R> R read(Function<io.bankssandbox.internal.state.SandboxState, R> reader) {
        return runtime.state().read(reader);
    }

    private String account(String name) {
        return read(s -> s.table(Account.TABLE).all().stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow().id());
    }

    private WebhookEndpoint register(String key, List<String> events) {
        return webhooks.register(new WebhookEndpoints.Registration("inbox", key, events, null));
    }

    private Transaction post(String accountName, long amount) {
        String accountId = account(accountName);
        return runtime.state().write(s -> Ledger.post(s, null, accountId, amount, amount, runtime.clock().now(),
                "Test credit", "inbound_ach_transfer", "inbound_ach_transfer_test", null));
    }

    private List<WebhookDelivery> log(String endpointId, String event, String status) {
        return read(s -> List.copyOf(WebhookLog.deliveries(s, endpointId, event, status, null, 10).items()));
    }

    private List<WebhookLog.InboxEntry> inbox(String event, int limit) {
        return read(s -> WebhookLog.inbox(webhooks.registry(), s, event, limit));
    }

    private List<WebhookDelivery> deliveries() {
        List<WebhookDelivery> all = read(s -> List.copyOf(s.table(WebhookDelivery.TABLE).all()));
        List<WebhookDelivery> oldestFirst = new ArrayList<>(all);
        java.util.Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    @Test
    void aPostedTransactionIsOnePendingDeliveryPerEndpointWhoseKeySeesItsAccountCommittedWithTheWrite() {
        start();
        WebhookEndpoint all = register(ALL, null);
        WebhookEndpoint one = register(ONE, null);
        register(ALL, List.of(WebhookEndpoints.ENTITY_CONNECTED));
        Transaction riverside = post("Riverside Operating", 1_234);
        List<WebhookDelivery> created = deliveries();
        assertThat(created).extracting(WebhookDelivery::endpointId).containsExactly(all.id(), one.id());
        WebhookDelivery first = created.get(0);
        assertThat(first.eventId()).startsWith("event_").isEqualTo(created.get(1).eventId());
        assertThat(first.id()).startsWith("webhook_delivery_").isNotEqualTo(created.get(1).id());
        assertThat(first.event()).isEqualTo("transaction.created");
        assertThat(first.occurredAt()).isEqualTo(riverside.occurredAt());
        assertThat(first.scheduleStart()).isZero();
        ObjectNode body = Json.MAPPER.createObjectNode().put("event", "transaction.created");
        body.set("transaction", Json.MAPPER.valueToTree(TransactionView.of(riverside)));
        body.put("occurred_at", Json.timestamp(riverside.occurredAt()));
        assertThat(first.body()).isEqualTo(body);
        assertThat(created.get(1).body()).isEqualTo(body);
        assertThat(first.body().fieldNames()).toIterable().containsExactly("event", "transaction", "occurred_at");

        // Harbor's account: the key of Riverside alone does not see it
        post("Harbor Operating", 99);
        assertThat(deliveries()).hasSize(3).last().extracting(WebhookDelivery::endpointId).isEqualTo(all.id());
    }

    @Test
    void idsAreDrawnForAnEventOnlyWhenAnEndpointReceivesIt() {
        start();
        long before = read(s -> s.ids.next());
        post("Riverside Operating", 10);
        long afterNone = read(s -> s.ids.next());
        assertThat(afterNone - before).as("the transaction's id alone").isEqualTo(1);
        register(ALL, List.of(WebhookEndpoints.ENTITY_CONNECTED));
        long registered = read(s -> s.ids.next());
        post("Riverside Operating", 10);
        assertThat(read(s -> s.ids.next()) - registered).as("an endpoint that wants other events").isEqualTo(1);
        assertThat(deliveries()).isEmpty();
        register(ALL, null);
        register(ALL, null);
        long two = read(s -> s.ids.next());
        post("Riverside Operating", 10);
        assertThat(read(s -> s.ids.next()) - two).as("transaction, one event, two deliveries").isEqualTo(4);
    }

    @Test
    void anEntityConnectedGoesToTheConnectedKeysEndpointsWithTheEntitysFourFields() {
        start();
        WebhookEndpoint all = register(ALL, List.of(WebhookEndpoints.ENTITY_CONNECTED));
        WebhookEndpoint one = register(ONE, List.of(WebhookEndpoints.ENTITY_CONNECTED));
        Entity harbor = read(s -> s.table(Entity.TABLE).all().stream().filter(e -> e.name().startsWith("Harbor"))
                .findFirst().orElseThrow());
        runtime.state().write(s -> Onboarding.connect(s, harbor.id(), ONE, runtime.clock().now()));
        List<WebhookDelivery> created = deliveries();
        assertThat(created).singleElement().satisfies(d -> {
            assertThat(d.endpointId()).isEqualTo(one.id());
            assertThat(d.event()).isEqualTo("entity.connected");
            ObjectNode entity = Json.MAPPER.createObjectNode().put("id", harbor.id()).put("name", harbor.name())
                    .put("structure", harbor.structure()).put("npi", harbor.npi());
            ObjectNode body = Json.MAPPER.createObjectNode().put("event", "entity.connected");
            body.set("entity", entity);
            body.put("occurred_at", Json.timestamp(runtime.clock().now()));
            assertThat(d.body()).isEqualTo(body);
        });
        assertThat(all.id()).isNotEqualTo(one.id());
    }

    @Test
    void anEndpointWhoseKeyIsGoneReceivesNothing() {
        start();
        register(ONE, null);
        WebhookEndpoint all = register(ALL, null);
        runtime.state().update(s -> s.apiKeys = s.apiKeys.stream().filter(k -> !k.key().equals(ONE)).toList());
        post("Riverside Operating", 5);
        assertThat(deliveries()).extracting(WebhookDelivery::endpointId).containsExactly(all.id());
    }

    @Test
    void aRegistrationTakesTheFirstKeyAndEveryEventByDefaultAndEachEventOnce() {
        start();
        WebhookEndpoint endpoint = webhooks.register(new WebhookEndpoints.Registration("inbox", null, null, null));
        assertThat(endpoint.id()).startsWith("webhook_endpoint_");
        assertThat(endpoint.apiKey()).isEqualTo(ALL);
        assertThat(endpoint.events()).containsExactly("transaction.created", "entity.connected");
        assertThat(endpoint.origin()).isEqualTo(WebhookEndpoint.CONTROL);
        assertThat(endpoint.createdAt()).isEqualTo(runtime.clock().now());
        assertThat(endpoint.deletedAt()).isNull();
        assertThat(endpoint.secret()).isNull();
        WebhookEndpoint twice = webhooks.register(new WebhookEndpoints.Registration("inbox", ONE,
                List.of("entity.connected", "entity.connected"), "whsec_abc"));
        assertThat(twice.events()).containsExactly("entity.connected");
        assertThat(twice.secret()).isEqualTo("whsec_abc");
        assertThat(webhooks.endpoints()).containsExactly(endpoint, twice);
    }

    @Test
    void aRegistrationForAKeyTheSandboxDoesNotHaveIsRefusedAndStoresNothing() {
        start();
        assertThatThrownBy(() -> register("lm_key_nobody", null)).isInstanceOfSatisfying(DomainException.class, e -> {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID);
            assertThat(e.messages()).containsExactly("api_key lm_key_nobody is not an API key of this sandbox");
        });
        assertThat(webhooks.endpoints()).isEmpty();
    }

    @Test
    void deletingAnEndpointFailsItsPendingDeliveriesAndAnEndpointGoneOrGivenAtStartCannotBeDeleted() {
        start(SandboxConfig.builder().webhook("http://127.0.0.1:9/given").build());
        WebhookEndpoint given = webhooks.registry().configured().get(0);
        assertThat(given.id()).isEqualTo("webhook_endpoint_start1");
        assertThat(given.origin()).isEqualTo(WebhookEndpoint.CONFIG);
        assertThat(given.apiKey()).isEqualTo(ALL);
        // the endpoint given at start is closed, so its delivery stays pending a while: stop the engine first
        webhooks.close();
        WebhookEndpoint mine = register(ALL, null);
        post("Riverside Operating", 7);
        WebhookEndpoint deleted = webhooks.delete(mine.id());
        assertThat(deleted).isEqualTo(mine);
        WebhookEndpoint row = read(s -> s.table(WebhookEndpoint.TABLE).get(mine.id()));
        assertThat(row.deletedAt()).isEqualTo(runtime.clock().now());
        assertThat(row.isDeleted()).isTrue();
        assertThat(webhooks.endpoints()).containsExactly(given);
        assertThat(deliveries()).filteredOn(d -> d.endpointId().equals(mine.id())).singleElement()
                .extracting(WebhookDelivery::status).isEqualTo(WebhookDelivery.FAILED);
        assertThat(deliveries()).filteredOn(d -> d.endpointId().equals(given.id())).singleElement()
                .extracting(WebhookDelivery::status).isEqualTo(WebhookDelivery.PENDING);

        assertThatThrownBy(() -> webhooks.delete(mine.id())).isInstanceOfSatisfying(DomainException.class, e -> {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND);
            assertThat(e.messages()).containsExactly("Webhook endpoint " + mine.id() + " not found");
        });
        assertThatThrownBy(() -> webhooks.delete(given.id())).isInstanceOfSatisfying(DomainException.class, e -> {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT);
            assertThat(e.messages()).containsExactly("Webhook endpoint webhook_endpoint_start1 was given at start"
                    + " (--webhook or the builder) and lives as long as the sandbox");
        });
        String orphan = deliveries().stream().filter(d -> d.endpointId().equals(mine.id())).findFirst().orElseThrow().id();
        assertThatThrownBy(() -> webhooks.redeliver(orphan)).isInstanceOfSatisfying(DomainException.class, e -> {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT);
            assertThat(e.messages()).containsExactly("Webhook delivery " + orphan + " belongs to a deleted endpoint");
        });
    }

    @Test
    void aRedeliveryIsPendingNowWithAFreshScheduleAndAnUnknownDeliveryIsNotFound() {
        start();
        register(ALL, null);
        webhooks.close(); // the engine stopped: the rows stay as the test writes them
        post("Riverside Operating", 8);
        WebhookDelivery created = deliveries().get(0);
        runtime.state().update(s -> s.table(WebhookDelivery.TABLE).put(
                created.after(new WebhookDelivery.Attempt(runtime.clock().now(), 200, null, 1))));
        runtime.clock().set(runtime.clock().now().plusSeconds(90));
        WebhookDelivery again = webhooks.redeliver(created.id());
        assertThat(again.status()).isEqualTo(WebhookDelivery.PENDING);
        assertThat(again.nextAttemptAt()).isEqualTo(runtime.clock().now());
        assertThat(again.scheduleStart()).isEqualTo(1);
        assertThat(webhooks.delivery(created.id())).isEqualTo(again);
        for (Runnable unknown : List.<Runnable>of(() -> webhooks.redeliver("webhook_delivery_nope"),
                () -> webhooks.delivery("webhook_delivery_nope"))) {
            assertThatThrownBy(unknown::run).isInstanceOfSatisfying(DomainException.class, e -> {
                assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND);
                assertThat(e.messages()).containsExactly("Webhook delivery webhook_delivery_nope not found");
            });
        }
        assertThat(webhooks.now()).isEqualTo(runtime.clock().now());
    }

    @Test
    void anEndpointGivenAtStartMeetsTheRequestSchemasUrlAndSaysWhichOneIsWrong() {
        assertThatThrownBy(() -> start(SandboxConfig.builder().webhook("inbox").webhook("not a url").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("webhook not a url: ");
    }

    @Test
    void aStateWhoseEndpointNamesAnUnknownKeyIsRefusedNamingTheEndpoint() {
        start();
        register(ALL, null);
        ObjectNode document = runtime.exportState();
        ((ObjectNode) document.get("webhook_endpoints").get(0)).put("api_key", "lm_key_nobody");
        String id = document.at("/webhook_endpoints/0/id").asText();
        assertThatThrownBy(() -> runtime.importState(document)).isInstanceOfSatisfying(FixtureException.class,
                e -> assertThat(e.problems()).contains("webhook_endpoints.json " + id + "/api_key: unknown API key lm_key_nobody"));
    }

    @Test
    void theLogIsNewestFirstFilteredAndTheInboxShowsEachSuccessfulAttemptNewestFirst() {
        start();
        WebhookEndpoint inbox = register(ALL, null);
        webhooks.close();
        post("Riverside Operating", 1);
        post("Riverside Operating", 2);
        post("Riverside Operating", 3);
        List<WebhookDelivery> oldestFirst = deliveries();
        Instant now = runtime.clock().now();
        runtime.state().update(s -> {
            s.table(WebhookDelivery.TABLE).put(oldestFirst.get(0).after(new WebhookDelivery.Attempt(now, 200, null, 0))
                    .redeliver(now).after(new WebhookDelivery.Attempt(now.plusSeconds(5), 200, null, 0)));
            s.table(WebhookDelivery.TABLE).put(oldestFirst.get(1).after(new WebhookDelivery.Attempt(now, 500, null, 0)));
        });
        List<String> ids = oldestFirst.stream().map(WebhookDelivery::id).toList();
        assertThat(log(null, null, null))
                .extracting(WebhookDelivery::id).containsExactly(ids.get(2), ids.get(1), ids.get(0));
        assertThat(log(inbox.id(), "transaction.created", "pending"))
                .extracting(WebhookDelivery::id).containsExactly(ids.get(2), ids.get(1));
        assertThat(log("webhook_endpoint_other", null, null)).isEmpty();
        assertThat(log(null, "entity.connected", null)).isEmpty();

        List<WebhookLog.InboxEntry> entries = inbox(null, 10);
        assertThat(entries).extracting(WebhookLog.InboxEntry::deliveryId, WebhookLog.InboxEntry::receivedAt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(ids.get(0), now.plusSeconds(5)),
                        org.assertj.core.groups.Tuple.tuple(ids.get(0), now));
        assertThat(entries.get(0).webhookId()).isEqualTo(oldestFirst.get(0).eventId());
        assertThat(entries.get(0).event()).isEqualTo("transaction.created");
        assertThat(entries.get(0).body()).isEqualTo(oldestFirst.get(0).body());
        assertThat(inbox(null, 1)).hasSize(1);
        assertThat(inbox("entity.connected", 10)).isEmpty();
    }
}
