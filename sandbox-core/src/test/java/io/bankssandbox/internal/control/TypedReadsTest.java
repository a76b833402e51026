package io.bankssandbox.internal.control;

import io.bankssandbox.Card;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Account;
import io.bankssandbox.Entity;
import io.bankssandbox.Era;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Remittance;
import io.bankssandbox.SandboxException;
import io.bankssandbox.Transaction;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The handle's typed reads answer exactly what the /v0 API answers a key that sees every entity
 * (compared as JSON, field for field; a transaction's {@code source} and {@code counterparty} objects
 * as the record's {@code category}, {@code sourceId} and {@code counterparty}), walk every page of a list, refuse an unknown id with the
 * API's 404, find the fixture set's records by name, and leave the journal alone.
 */
class TypedReadsTest extends SandboxTestBase {

    /**
     * A typed value written as the API writes its answers, in the API's spelling where the record's
     * differs: an address's {@code postalCode} as the vendor spells it, no {@code provider} (the record's
     * {@code isProvider()}, derived from the npi), and {@code addenda} left out when empty, as the API
     * leaves them out.
     */
    private static JsonNode asApiWritesIt(Object answer) throws Exception {
        JsonNode tree = Json.MAPPER.readTree(Json.ANSWERS.writeValueAsBytes(answer));
        if (tree.isArray()) {
            tree.forEach(TypedReadsTest::inApiSpelling);
        } else {
            inApiSpelling(tree);
        }
        return tree;
    }

    private static void inApiSpelling(JsonNode item) {
        ObjectNode object = (ObjectNode) item;
        object.remove("provider");
        if (object.path("addenda").isArray() && object.get("addenda").isEmpty()) {
            object.remove("addenda");
        }
        // an ERA's JSON has provider_adjustments only when there are any; the typed Era has an empty list
        if (object.path("provider_adjustments").isArray() && object.get("provider_adjustments").isEmpty()) {
            object.remove("provider_adjustments");
        }
        if (object.get("address") instanceof ObjectNode address && address.has("postal_code")) {
            address.set("postalCode", address.remove("postal_code"));
        }
    }

    /** The typed transaction the API's JSON of one describes: each of its fields, and the one id under its source and counterparty. */
    private static Transaction asTyped(JsonNode t) {
        String category = t.get("source").get("category").asText();
        JsonNode counterparty = t.get("counterparty");
        Transaction.Counterparty other = counterparty == null || counterparty.isNull() ? null
                : new Transaction.Counterparty(counterparty.get("type").asText(),
                        onlyValue(counterparty.get(counterparty.get("type").asText())));
        return new Transaction(t.get("id").asText(), t.get("account_id").asText(), t.get("amount").asLong(),
                Instant.parse(t.get("occurred_at").asText()), t.get("description").asText(), category,
                onlyValue(t.get("source").get(category)), other);
    }

    private static String onlyValue(JsonNode ids) {
        if (ids == null || !ids.isObject() || ids.isEmpty()) {
            return null;
        }
        Iterator<JsonNode> values = ids.elements();
        String value = values.next().asText();
        assertThat(values.hasNext()).as("one id under %s", ids).isFalse();
        return value;
    }

    /** Every item of a /v0 list over HTTP, page after page. */
    private List<JsonNode> everyPage(String path) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            String separator = path.contains("?") ? "&" : "?";
            JsonNode page = api.get(path + separator + "limit=7" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(items::add);
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        return items;
    }

    @Test
    void accountsReadAsGetByIdShowsThemAndAreFoundByName() throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");

        assertThat(asApiWritesIt(operating)).isEqualTo(api.get("/v0/accounts/" + operating.id()).json());
        assertThat(sandbox.accounts().get(operating.id())).isEqualTo(operating);
        assertThat(sandbox.accounts().all()).extracting(Account::id)
                .containsExactlyElementsOf(everyPage("/v0/accounts").stream().map(a -> a.get("id").asText()).toList());
        assertThat(sandbox.accounts().ofEntity(operating.entityId())).extracting(Account::name)
                .containsExactly("Riverside Operating", "Riverside Payroll");
    }

    @Test
    void aCardReadsAsGetByIdShowsItWithTheServicesLimitsAndBlockedCategories() throws Exception {
        String apiCard = cardIssuedVia("api");
        String webAppCard = cardIssuedVia("web_app");
        JsonNode listed = api.get("/v0/cards/" + apiCard).json();
        Card card = sandbox.cards().get(apiCard);

        assertThat(card.id()).isEqualTo(listed.get("id").asText());
        assertThat(card.last4()).isEqualTo(listed.get("last_4").asText());
        assertThat(card.status()).isEqualTo(listed.get("status").asText());
        assertThat(card.nickname()).isEqualTo(listed.get("nickname").asText());
        assertThat(card.createdAt()).isEqualTo(Instant.parse(listed.get("created_at").asText()));
        JsonNode limits = listed.at("/authorization_controls/usage/multi_use/spending_limits");
        assertThat(card.spendingLimits()).hasSize(limits.size());
        for (int i = 0; i < limits.size(); i++) {
            assertThat(card.spendingLimits().get(i).interval()).isEqualTo(limits.get(i).get("interval").asText());
            assertThat(card.spendingLimits().get(i).amount()).isEqualTo(limits.get(i).get("amount").asLong());
        }
        assertThat(card.blockedMerchantCategoryCodes()).containsExactlyElementsOf(
                Json.MAPPER.convertValue(listed.at("/authorization_controls/merchant_category_code/blocked"), List.class));
        SandboxException webApp = org.junit.jupiter.api.Assertions.assertThrows(SandboxException.class,
                () -> sandbox.cards().get(webAppCard));
        assertThat(webApp.status()).isEqualTo(404);
        assertThat(webApp.messages()).containsExactly(api.get("/v0/cards/" + webAppCard).json()
                .get("message").asText());
    }

    /** The first fixture card issued through {@code via} (the API has no card listing). */
    private String cardIssuedVia(String via) {
        for (JsonNode card : sandbox.exportState().get("cards")) {
            if (via.equals(card.get("issued_via").asText())) {
                return card.get("id").asText();
            }
        }
        throw new IllegalStateException("the default fixtures have no card issued via " + via);
    }

    @Test
    void entitiesReadAsTheApiShowsThemAndAreFoundByName() throws Exception {
        Entity riverside = sandbox.entities().named("Riverside Family Medicine, P.C.");

        assertThat(asApiWritesIt(riverside)).isEqualTo(api.get("/v0/entities/" + riverside.id()).json());
        assertThat(sandbox.entities().get(riverside.id())).isEqualTo(riverside);
        List<JsonNode> listed = everyPage("/v0/entities");
        assertThat(sandbox.entities().all()).hasSize(listed.size());
        assertThat(asApiWritesIt(sandbox.entities().all())).containsExactlyElementsOf(listed);
    }

    @Test
    void aNameNoRecordHasListsTheNamesThereAre() {
        assertThatThrownBy(() -> sandbox.accounts().named("Riverside Operatin"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("no account is named \"Riverside Operatin\"")
                .hasMessageContaining("\"Riverside Operating\"");
        assertThatThrownBy(() -> sandbox.entities().named("Nobody"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("no entity is named \"Nobody\"");
    }

    @Test
    void anUnknownIdIsTheApis404() {
        ApiClient.Response http = api.get("/v0/accounts/account_nope");
        assertThatThrownBy(() -> sandbox.accounts().get("account_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.messages()).containsExactly(http.json().get("message").asText());
                });
        assertThatThrownBy(() -> sandbox.transactions().get("transaction_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> sandbox.inboundAch().get("inbound_ach_transfer_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> sandbox.entities().get("entity_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> sandbox.transactions().of("account_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void transactionsOfAnAccountAreEveryPageNewestFirstAndSumToItsBalance() throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");
        List<Transaction> ledger = sandbox.transactions().of(operating.id());

        List<JsonNode> listed = everyPage("/v0/transactions?account_id=" + operating.id());
        assertThat(listed.size()).isGreaterThan(7); // more than one page of 7 over HTTP
        assertThat(ledger).containsExactlyElementsOf(listed.stream().map(TypedReadsTest::asTyped).toList());
        assertThat(ledger).anySatisfy(t -> assertThat(t.sourceId()).isNotNull()); // the source's id is read
        assertThat(ledger.stream().mapToLong(Transaction::amount).sum()).isEqualTo(operating.totalBalance());
        Transaction newest = ledger.get(0);
        assertThat(sandbox.transactions().get(newest.id())).isEqualTo(newest);
    }

    @Test
    void inboundAchTransfersReadAsTheApiListsThem() throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InboundAchTransfer arrived = sandbox.inboundAch().simulate(operating.id(), 42_00);

        List<InboundAchTransfer> ofAccount = sandbox.inboundAch().of(operating.id());
        assertThat(ofAccount.get(0)).isEqualTo(arrived);
        assertThat(asApiWritesIt(ofAccount))
                .containsExactlyElementsOf(everyPage("/v0/inbound-ach-transfers?account_id=" + operating.id()));
        assertThat(sandbox.inboundAch().all()).hasSize(everyPage("/v0/inbound-ach-transfers").size())
                .contains(arrived);
        assertThat(asApiWritesIt(sandbox.inboundAch().get(arrived.id())))
                .isEqualTo(api.get("/v0/inbound-ach-transfers/" + arrived.id()).json());
    }

    @Test
    void theEraOfAPaidTransactionAndTheEntitysRemittancesReadAsTheApiShowsThem() throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.builder()
                .account(operating.id()).payer("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-R").charged(75_00).paid(75_00)));
        String transactionId = sandbox.inboundAch().accept(payment.inboundAchTransfer().id()).transactionId();

        Era era = sandbox.eras().ofTransaction(transactionId);
        assertThat(asApiWritesIt(era)).isEqualTo(api.get("/v0/transactions/" + transactionId + "/era").json());
        assertThat(era.payment().checkNumber()).isEqualTo(payment.era().payment().checkNumber());

        List<Remittance> remittances = sandbox.eras().remittances(operating.entityId());
        assertThat(asApiWritesIt(remittances))
                .containsExactlyElementsOf(everyPage("/v0/remittances?entity_id=" + operating.entityId()));
        Remittance paid = remittances.stream().filter(r -> transactionId.equals(r.transactionId())).findFirst()
                .orElseThrow();
        assertThat(sandbox.eras().x12(paid.id()))
                .isEqualTo(api.get("/v0/remittances/" + paid.id() + "/era").text())
                .contains("TRN*1*" + era.payment().checkNumber() + "*");
    }

    @Test
    void aTransactionWithoutAnEraIsThe404TheRouteAnswers() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        List<Transaction> ledger = sandbox.transactions().of(operating.id());
        String opening = ledger.get(ledger.size() - 1).id(); // the opening balance, oldest
        assertThat(api.get("/v0/transactions/" + opening + "/era").status()).isEqualTo(404);
        assertThatThrownBy(() -> sandbox.eras().ofTransaction(opening))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void readsAreNotJournaled() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        sandbox.transactions().of(operating.id());
        sandbox.inboundAch().all();
        assertThat(sandbox.journal().requests()).isEmpty();
    }
}
