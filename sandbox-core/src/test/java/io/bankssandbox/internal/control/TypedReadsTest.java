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
        JsonNode ids = t.get("source").get(category);
        String authorization = ids.has("card_authorization_id") ? ids.get("card_authorization_id").asText() : null;
        return new Transaction(t.get("id").asText(), t.get("account_id").asText(), t.get("amount").asLong(),
                Instant.parse(t.get("occurred_at").asText()), t.get("description").asText(), category,
                firstValue(ids), authorization, other);
    }

    /** The record's own id, first under its source; a card settlement's authorization id may follow it. */
    private static String firstValue(JsonNode ids) {
        if (ids == null || !ids.isObject() || ids.isEmpty()) {
            return null;
        }
        Iterator<JsonNode> values = ids.elements();
        String value = values.next().asText();
        assertThat(ids.size()).as("ids under %s", ids).isLessThanOrEqualTo(ids.has("card_authorization_id") ? 2 : 1);
        return value;
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

    /** The typed card the API's JSON of one describes. */
    private static Card cardAsTyped(JsonNode c) {
        List<Card.SpendingLimit> limits = new ArrayList<>();
        for (JsonNode limit : c.at("/authorization_controls/usage/multi_use/spending_limits")) {
            JsonNode codes = limit.get("merchant_category_codes");
            limits.add(new Card.SpendingLimit(limit.get("interval").asText(), limit.get("amount").asLong(),
                    codes.isNull() ? null : Json.MAPPER.convertValue(codes, List.class)));
        }
        return new Card(c.get("id").asText(), Instant.parse(c.get("created_at").asText()), c.get("entity_id").asText(),
                c.get("bank_account_id").asText(), c.get("nickname").isNull() ? null : c.get("nickname").asText(),
                c.get("last_4").asText(), c.get("status").asText(), limits,
                Json.MAPPER.convertValue(c.at("/authorization_controls/merchant_category_code/blocked"), List.class));
    }

    @Test
    void everyCardReadsAsTheApiShowsItWebAppOnesIncludedAndIsFoundByNickname() {
        List<JsonNode> rows = new ArrayList<>();
        state().get("cards").forEach(rows::add);
        rows.sort(java.util.Comparator.comparing((JsonNode r) -> Instant.parse(r.get("created_at").asText()))
                .thenComparing(r -> r.get("id").asText()));
        List<Card> all = sandbox.cards().all();

        assertThat(all).extracting(Card::id).containsExactlyElementsOf(rows.stream().map(r -> r.get("id").asText()).toList());
        for (int i = 0; i < all.size(); i++) {
            Card card = all.get(i);
            ApiClient.Response shown = api.get("/v0/cards/" + card.id());
            if ("web_app".equals(rows.get(i).get("issued_via").asText())) {
                assertThat(shown.status()).isEqualTo(404); // the API does not show it; the handle does
                assertThat(card.nickname()).isEqualTo(rows.get(i).get("nickname").asText());
            } else {
                assertThat(card).isEqualTo(cardAsTyped(shown.json()));
            }
        }

        String operating = sandbox.accounts().named("Riverside Operating").id();
        assertThat(sandbox.cards().ofAccount(operating))
                .containsExactlyElementsOf(all.stream().filter(c -> c.bankAccountId().equals(operating)).toList())
                .extracting(Card::nickname).containsExactly("Office supplies", "Front desk petty cash");
        Card pettyCash = sandbox.cards().named("Front desk petty cash");
        assertThat(sandbox.cards().authorize(pettyCash.id(), 12_00, "5734").approved()).isTrue(); // a web-app card pays
        assertThat(sandbox.cards().named("Office supplies")).isEqualTo(cardAsTyped(
                api.get("/v0/cards/" + sandbox.cards().named("Office supplies").id()).json()));

        assertThatThrownBy(() -> sandbox.cards().named("Office"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("no card is named \"Office\"").hasMessageContaining("\"Vaccine orders\"");
        ApiClient.Response unknown = api.get("/v0/accounts/account_nope");
        assertThatThrownBy(() -> sandbox.cards().ofAccount("account_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.messages()).containsExactly(unknown.json().get("message").asText());
                });
    }

    /**
     * An ERA's JSON as the typed Era shows it: its calendar dates ({@code payment.date}, a claim's service
     * dates, written as midnight UTC) as the days they are.
     */
    private static JsonNode withDays(JsonNode era) {
        ObjectNode copy = era.deepCopy();
        day((ObjectNode) copy.get("payment"), "date");
        copy.get("claims").forEach(claim -> {
            day((ObjectNode) claim, "service_date");
            day((ObjectNode) claim, "service_end_date");
        });
        return copy;
    }

    private static void day(ObjectNode holder, String field) {
        JsonNode at = holder.get(field);
        if (at != null && !at.isNull()) {
            holder.put(field, java.time.LocalDate.ofInstant(Instant.parse(at.asText()), java.time.ZoneOffset.UTC).toString());
        }
    }

    @Test
    void anEraReadsByIdAndByRemittanceWhileItsMoneyHasNotArrivedAsTheRouteAnsweredIt() throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");
        JsonNode answered = control.post("/_sandbox/insurance-payments", java.util.Map.of(
                "account_id", operating.id(), "payer", java.util.Map.of("name", "CIGNA", "id", "62308"),
                "payment_delay", "P2D",
                "claims", List.of(java.util.Map.of("patient_control_number", "PCN-W", "charged_amount", 300_00,
                        "paid_amount", 240_00, "service_date", "2026-02-20", "service_end_date", "2026-02-21")))).json();
        String eraId = answered.get("era").get("id").asText();

        Era waiting = sandbox.eras().get(eraId);
        assertThat(waiting.transactionId()).isNull();
        assertThat(asApiWritesIt(waiting)).isEqualTo(withDays(answered.get("era")));
        assertThat(waiting.payment().date()).isEqualTo(java.time.LocalDate.parse("2026-03-04")); // the credit's day
        assertThat(waiting.claims().get(0).serviceDate()).isEqualTo(java.time.LocalDate.parse("2026-02-20"));
        Remittance listed = sandbox.eras().remittances(operating.entityId()).get(0);
        assertThat(sandbox.eras().ofRemittance(listed.id())).isEqualTo(waiting);
        assertThat(sandbox.eras().x12(listed.id())).contains("TRN*1*" + waiting.payment().checkNumber() + "*",
                "DTM*232*20260220~", "DTM*233*20260221~");

        sandbox.clock().advance(java.time.Duration.ofDays(2).plusHours(1)); // the credit arrives, then posts
        Era paid = sandbox.eras().get(eraId);
        assertThat(paid.transactionId()).isNotNull();
        assertThat(asApiWritesIt(paid))
                .isEqualTo(withDays(api.get("/v0/transactions/" + paid.transactionId() + "/era").json()));
        assertThat(sandbox.eras().ofRemittance(listed.id())).isEqualTo(paid);
    }

    @Test
    void everyFixtureRemittancesEraReadsAsItsTransactionsEraRoute() throws Exception {
        String ana = sandbox.entities().named("Ana Ortiz, MD").id();
        List<Remittance> remittances = sandbox.eras().remittances(ana);
        assertThat(remittances).hasSizeGreaterThanOrEqualTo(4);
        for (Remittance remittance : remittances) {
            Era era = sandbox.eras().ofRemittance(remittance.id());
            assertThat(sandbox.eras().get(era.id())).isEqualTo(era);
            assertThat(era.payment().date()).isEqualTo(remittance.payment().date()); // one type for one date
            if (era.transactionId() != null) {
                assertThat(asApiWritesIt(era))
                        .isEqualTo(withDays(api.get("/v0/transactions/" + era.transactionId() + "/era").json()));
            }
        }
    }

    @Test
    void anEraOnItsWayIsTheRoutes404ByIdAndByRemittance() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received sent = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-L", 75_00, 75_00)).eraDelay(java.time.Duration.ofDays(1)));
        String remittanceId = "remittance_" + sent.era().id().substring("era_".length());
        ApiClient.Response route = api.get("/v0/remittances/" + remittanceId + "/era");
        assertThat(route.status()).isEqualTo(404);

        assertThatThrownBy(() -> sandbox.eras().ofRemittance(remittanceId))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.messages()).containsExactly(route.json().get("message").asText());
                });
        assertThatThrownBy(() -> sandbox.eras().get(sent.era().id()))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.messages()).containsExactly("ERA " + sent.era().id() + " not found");
                });
        assertThatThrownBy(() -> sandbox.eras().get("era_nope"))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
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
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-R", 75_00, 75_00)));
        String transactionId = sandbox.inboundAch().accept(payment.inboundAchTransfer().id()).transactionId();

        Era era = sandbox.eras().ofTransaction(transactionId);
        assertThat(asApiWritesIt(era)).isEqualTo(withDays(api.get("/v0/transactions/" + transactionId + "/era").json()));
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
