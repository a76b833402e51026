package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Account;
import io.bankssandbox.Era;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Remittance;
import io.bankssandbox.SandboxException;
import io.bankssandbox.Transaction;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The handle's reads of ERAs and remittances answer what their routes answer: by id and by remittance, an ERA
 * on its way being the routes' 404, and a transaction without an ERA its 404 too.
 */
class TypedEraReadsTest extends TypedReadsTestBase {

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
}
