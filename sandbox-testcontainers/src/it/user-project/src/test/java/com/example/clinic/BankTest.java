package com.example.clinic;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Account;
import io.bankssandbox.CardDecision;
import io.bankssandbox.CardPayment;
import io.bankssandbox.ClockMode;
import io.bankssandbox.Era;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.MailItem;
import io.bankssandbox.Sandbox;
import io.bankssandbox.testcontainers.BanksSandboxContainer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * One bank in a container for the class; each test its own sandbox on demand, reached through the
 * container's one published port, and scripted with the same handle as a sandbox in process. The tests
 * run at once (junit-platform.properties).
 */
@Testcontainers(disabledWithoutDocker = true)
class BankTest {
    private static final Instant START = Instant.parse("2026-05-04T09:00:00Z");

    @Container
    static BanksSandboxContainer bank = new BanksSandboxContainer().withClock(ClockMode.FROZEN).withStart(START);

    private Sandbox sandbox;
    private Api app;

    @BeforeEach
    void openOne() {
        sandbox = bank.newSandbox();
        app = new Api(sandbox.baseUrl(), sandbox.apiKey());
    }

    @AfterEach
    void closeIt() {
        sandbox.close();
    }

    @Test
    void everySectionOfTheHandleScriptsTheContainersSandbox() {
        assertThat(sandbox.baseUrl()).startsWith(bank.getBaseUrl() + "/sandboxes/");
        assertThat(sandbox.clock().now()).isEqualTo(START);
        Account operating = sandbox.accounts().named("Riverside Operating");
        assertThat(sandbox.entities().get(operating.entityId()).id()).isEqualTo(operating.entityId());
        assertThat(sandbox.accounts().ofEntity(operating.entityId())).extracting(Account::id).contains(operating.id());

        sandbox.webhooks().subscribe("inbox");
        String credit = sandbox.inboundAch().simulate(operating.id(), 125_00).id();
        sandbox.clock().advance(Duration.ofHours(1));
        assertThat(sandbox.inboundAch().get(credit).status()).isEqualTo("accepted");
        assertThat(sandbox.transactions().of(operating.id())).anySatisfy(t -> assertThat(t.amount()).isEqualTo(125_00));
        assertThat(sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(60))).isNotNull();
        assertThat(sandbox.webhooks().inbox()).isNotEmpty();

        String card = sandbox.cards().named("Office supplies").id();
        CardDecision held = sandbox.cards().authorize(card, CardPayment.of(40_00, "5411").held());
        assertThat(held.decision()).isEqualTo("approved");
        assertThat(sandbox.cards().settle(held.authorization().id(), 45_00).status()).isEqualTo("settled");

        InsurancePayment.Received paid = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("AETNA", "60054").claim(InsurancePayment.claim("PCN-1001", 30_00, 25_00)));
        Era era = sandbox.eras().get(paid.era().id());
        assertThat(era.claims()).singleElement().satisfies(claim -> assertThat(claim.patientControlNumber()).isEqualTo("PCN-1001"));

        MailItem mail = sandbox.lockbox().receiveMail(operating.entityId(), MailItem.Incoming.of(MailItem.IncomingCheck.pending(75_00)));
        assertThat(sandbox.lockbox().mail(operating.entityId())).extracting(MailItem::id).contains(mail.id());
        assertThat(sandbox.checkDeposits().submit(mail.checks().get(0).id()).amount()).isEqualTo(75_00);

        // what the application under test does over /v0, then the bank's side of it
        String supplier = app.post("/v0/external-accounts", Map.of("entity_id", operating.entityId(),
                "nickname", "Supplier", "holder_type", "business", "holder_name", "Acme Supplies",
                "holder_address", Map.of("line1", "1 Main St", "city", "Springfield", "state", "IL",
                        "postal_code", "62701", "country", "US"),
                "routing_number", "021000021", "account_number", "123456789")).get("id").asText();
        String transfer = app.post("/v0/ach-transfer", Map.of("source_account_id", operating.id(),
                "destination_account_id", supplier, "amount", 1_00)).at("/source/ach_transfer_intention/ach_transfer_id").asText();
        assertThat(sandbox.achTransfers().cancel(transfer).status()).isEqualTo("canceled");
        assertThat(sandbox.externalAccounts().archive(supplier).status()).isEqualTo("archived");

        sandbox.faults().inject("GET", "/v0/accounts", 503);
        assertThat(sandbox.faults().list()).hasSize(1);
        assertThat(app.status("/v0/accounts")).isEqualTo(503);
        assertThat(app.status("/v0/accounts")).isEqualTo(200);
        assertThat(sandbox.journal().requests("GET", "/v0/accounts")).extracting(r -> r.status()).containsExactly(503, 200);
    }

    /** Run three times, at once with the class's other tests: each starts from the fixture state, whatever the others do. */
    @RepeatedTest(3)
    void eachTestHasABankOfItsOwn() {
        Account operating = sandbox.accounts().named("Riverside Operating");
        // the fixture's transfers, none of another test's
        assertThat(sandbox.inboundAch().of(operating.id())).hasSameSizeAs(bank.sandbox().inboundAch().of(operating.id()));
        assertThat(sandbox.clock().now()).isEqualTo(START);

        sandbox.inboundAch().simulate(operating.id(), 500_00);
        sandbox.clock().advance(Duration.ofDays(2));

        assertThat(sandbox.accounts().get(operating.id()).totalBalance()).isEqualTo(operating.totalBalance() + 500_00);
        assertThat(bank.sandbox().clock().now()).isEqualTo(START);
    }

    @Test
    void theContainersOwnSandboxIsScriptedTheSameWay() {
        Sandbox host = bank.sandbox();
        assertThat(host.baseUrl()).isEqualTo(bank.getBaseUrl());
        assertThat(host.apiKey()).isEqualTo(bank.getApiKey());
        assertThat(host.accounts().named("Riverside Operating").name()).isEqualTo("Riverside Operating");
    }
}
