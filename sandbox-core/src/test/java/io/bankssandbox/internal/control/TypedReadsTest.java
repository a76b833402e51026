package io.bankssandbox.internal.control;

import io.bankssandbox.Card;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Account;
import io.bankssandbox.Entity;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.SandboxException;
import io.bankssandbox.Transaction;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The handle's typed reads answer exactly what the /v0 API answers a key that sees every entity
 * (compared as JSON, field for field; a transaction's {@code source} and {@code counterparty} objects
 * as the record's {@code category}, {@code sourceId} and {@code counterparty}), walk every page of a list, refuse an unknown id with the
 * API's 404, find the fixture set's records by name, and leave the journal alone.
 */
class TypedReadsTest extends TypedReadsTestBase {

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
    void readsAreNotJournaled() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        sandbox.transactions().of(operating.id());
        sandbox.inboundAch().all();
        assertThat(sandbox.journal().requests()).isEmpty();
    }
}
