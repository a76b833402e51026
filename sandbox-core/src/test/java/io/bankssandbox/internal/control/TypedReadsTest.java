package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.accounts.AccountView;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.era.InsurancePaymentView;
import io.bankssandbox.internal.era.InsurancePaymentControls;
import io.bankssandbox.internal.entities.EntityView;
import io.bankssandbox.internal.era.Era;
import io.bankssandbox.internal.era.EraView;
import io.bankssandbox.internal.era.RemittanceView;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.bankssandbox.internal.transactions.TransactionView;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The handle's typed reads answer exactly what the /v0 API answers a key that sees every entity
 * (compared as JSON, field for field), walk every page of a list, refuse an unknown id with the
 * API's 404, find the fixture set's records by name, and leave the journal alone.
 */
class TypedReadsTest extends SandboxTestBase {

    private static JsonNode asApiWritesIt(Object answer) throws Exception {
        return Json.MAPPER.readTree(Json.ANSWERS.writeValueAsBytes(answer));
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
        AccountView operating = sandbox.accounts().named("Riverside Operating");

        assertThat(asApiWritesIt(operating)).isEqualTo(api.get("/v0/accounts/" + operating.id()).json());
        assertThat(sandbox.accounts().get(operating.id())).isEqualTo(operating);
        assertThat(sandbox.accounts().all()).extracting(AccountView::id)
                .containsExactlyElementsOf(everyPage("/v0/accounts").stream().map(a -> a.get("id").asText()).toList());
        assertThat(sandbox.accounts().ofEntity(operating.entityId())).extracting(AccountView::name)
                .containsExactly("Riverside Operating", "Riverside Payroll");
    }

    @Test
    void entitiesReadAsTheApiShowsThemAndAreFoundByName() throws Exception {
        EntityView riverside = sandbox.entities().named("Riverside Family Medicine, P.C.");

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
        AccountView operating = sandbox.accounts().named("Riverside Operating");
        List<TransactionView> ledger = sandbox.transactions().of(operating.id());

        List<JsonNode> listed = everyPage("/v0/transactions?account_id=" + operating.id());
        assertThat(listed.size()).isGreaterThan(7); // more than one page of 7 over HTTP
        assertThat(asApiWritesIt(ledger)).containsExactlyElementsOf(listed);
        assertThat(ledger.stream().mapToLong(TransactionView::amount).sum()).isEqualTo(operating.totalBalance());
        TransactionView newest = ledger.get(0);
        assertThat(sandbox.transactions().get(newest.id())).isEqualTo(newest);
    }

    @Test
    void inboundAchTransfersReadAsTheApiListsThem() throws Exception {
        AccountView operating = sandbox.accounts().named("Riverside Operating");
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
        AccountView operating = sandbox.accounts().named("Riverside Operating");
        InsurancePaymentView payment = sandbox.insurancePayments().receive(operating.id(),
                new Era.Party("AETNA", "60054"), InsurancePaymentControls.paidClaim("PCN-R", 75_00));
        String transactionId = sandbox.inboundAch().accept(payment.inboundAchTransfer().id()).transactionId();

        EraView era = sandbox.eras().ofTransaction(transactionId);
        assertThat(asApiWritesIt(era)).isEqualTo(api.get("/v0/transactions/" + transactionId + "/era").json());
        assertThat(era.payment().checkNumber()).isEqualTo(payment.era().payment().checkNumber());

        List<RemittanceView> remittances = sandbox.eras().remittances(operating.entityId());
        assertThat(asApiWritesIt(remittances))
                .containsExactlyElementsOf(everyPage("/v0/remittances?entity_id=" + operating.entityId()));
        RemittanceView paid = remittances.stream().filter(r -> transactionId.equals(r.transactionId())).findFirst()
                .orElseThrow();
        assertThat(sandbox.eras().x12(paid.id()))
                .isEqualTo(api.get("/v0/remittances/" + paid.id() + "/era").text())
                .contains("TRN*1*" + era.payment().checkNumber() + "*");
    }

    @Test
    void aTransactionWithoutAnEraIsThe404TheRouteAnswers() {
        AccountView operating = sandbox.accounts().named("Riverside Operating");
        List<TransactionView> ledger = sandbox.transactions().of(operating.id());
        String opening = ledger.get(ledger.size() - 1).id(); // the opening balance, oldest
        assertThat(api.get("/v0/transactions/" + opening + "/era").status()).isEqualTo(404);
        assertThatThrownBy(() -> sandbox.eras().ofTransaction(opening))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void readsAreNotJournaled() {
        AccountView operating = sandbox.accounts().named("Riverside Operating");
        sandbox.transactions().of(operating.id());
        sandbox.inboundAch().all();
        assertThat(sandbox.journal().requests()).isEmpty();
    }
}
