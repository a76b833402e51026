package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Account;
import io.bankssandbox.AchTransfer;
import io.bankssandbox.Card;
import io.bankssandbox.CardDecision;
import io.bankssandbox.CardPayment;
import io.bankssandbox.CheckDeposit;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Entity;
import io.bankssandbox.Era;
import io.bankssandbox.ExternalAccount;
import io.bankssandbox.Fault;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.MailItem;
import io.bankssandbox.Practice;
import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Remittance;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.Transaction;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed handle, one section at a time: each test is the example of its section in docs/junit.md. */
@BanksSandbox
class HandleTourTest {

    @Test
    void clock(Sandbox sandbox) {
        Instant start = sandbox.clock().now();                     // the fixture set's clock: 2026-03-02T15:00:00Z
        String account = sandbox.accounts().named("Riverside Operating").id();
        InboundAchTransfer credit = sandbox.inboundAch().simulate(account, 50_00);

        List<ClockEvent> events = sandbox.clock().advanceTo(start.plus(Duration.ofDays(1)));

        assertTrue(events.contains(new ClockEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, credit.id())));   // and the fixtures' due moves
        assertEquals(Instant.parse("2026-03-03T15:00:00Z"), sandbox.clock().now());
        SandboxException backwards = assertThrows(SandboxException.class, () -> sandbox.clock().advanceTo(start));
        assertEquals(400, backwards.status());                     // the clock never goes back
    }

    @Test
    void entities(Sandbox sandbox) {
        Entity riverside = sandbox.entities().named("Riverside Family Medicine, P.C.");
        assertTrue(riverside.isProvider());                        // it has an NPI, so a lockbox

        Entity dental = sandbox.entities().onboard(Practice.named("Lakeside Dental", Entity.PROFESSIONAL_LLC,
                        new Entity.Address("12 Lake St", "", "Austin", "TX", "78701"))   // what the route requires
                .withNpi("1234567893")
                .withAccount("Lakeside Dental Operating", 25_000_00));
        sandbox.entities().connect(dental.id(), "lm_key_sandbox_one");   // that key sees it from now on

        assertEquals(25_000_00, sandbox.accounts().ofEntity(dental.id()).get(0).totalBalance());
        SandboxException again = assertThrows(SandboxException.class,
                () -> sandbox.entities().connect(dental.id(), "lm_key_sandbox_one"));
        assertEquals(409, again.status());
    }

    @Test
    void accountsAndTheLedger(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        List<Transaction> ledger = sandbox.transactions().of(operating.id());      // newest first

        assertEquals(operating.totalBalance(), ledger.stream().mapToLong(Transaction::amount).sum());
        assertEquals(Transaction.OPENING_BALANCE, ledger.get(ledger.size() - 1).category());
        assertEquals(operating, sandbox.accounts().get(operating.id()));
        SandboxException unknown = assertThrows(SandboxException.class,
                () -> sandbox.accounts().get("account_00000000000000000000"));
        assertEquals(404, unknown.status());
    }

    @Test
    void cards(Sandbox sandbox) {
        String card = sandbox.cards().named("Office supplies").id();   // 500.00 per payment, 1,000.00 a day

        CardDecision paper = sandbox.cards().authorize(card, CardPayment.of(120_00, "5943"));
        CardDecision laptop = sandbox.cards().authorize(card, CardPayment.of(900_00, "5732"));
        CardDecision casino = sandbox.cards().authorize(card, CardPayment.of(20_00, "7995").in("CA"));

        assertTrue(paper.approved());
        assertEquals(CardDecision.BREACHES_LIMIT, laptop.declineReason());
        assertEquals(Card.SpendingLimit.PER_TRANSACTION, laptop.limit().interval());
        assertEquals(CardDecision.TRANSACTION_NOT_ALLOWED, casino.declineReason());   // blocked on every card
    }

    @Test
    void inboundAch(Sandbox sandbox) {
        String account = sandbox.accounts().named("Riverside Operating").id();
        InboundAchTransfer payroll = sandbox.inboundAch().simulate(InboundAchTransfer.Arrival.of(account, -40_00)
                .withOriginator("GUSTO", "PAYROLL").resolvingDeclined(InboundAchTransfer.Declined.INSUFFICIENT_FUNDS));
        InboundAchTransfer credit = sandbox.inboundAch().simulate(account, 125_00);

        sandbox.inboundAch().accept(credit.id());
        InboundAchTransfer returned = sandbox.inboundAch().returnTransfer(credit.id(), "duplicate_entry");
        sandbox.clock().advance(Duration.ofHours(1));

        assertEquals(InboundAchTransfer.RETURNED, returned.status());
        assertEquals(InboundAchTransfer.Declined.INSUFFICIENT_FUNDS, sandbox.inboundAch().get(payroll.id()).declined().reason());
        SandboxException notPending = assertThrows(SandboxException.class, () -> sandbox.inboundAch().accept(credit.id()));
        assertEquals(409, notPending.status());
    }

    @Test
    void insurancePaymentsAndRemittances(Sandbox sandbox) {
        Account operating = sandbox.accounts().named("Riverside Operating");
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(operating.id())
                .from("BLUE CROSS", "940360524")
                .claim(InsurancePayment.claim("PCN-2001", 200_00, 150_00).patient("ROE", "RICHARD").subscriberId("XYZ123456")
                        .serviceLine(InsurancePayment.line("99213", 200_00, 150_00)
                                .adjustment("CO", "45", 30_00).adjustment("PR", "2", 20_00))));

        Era era = payment.era();
        assertEquals("TRN*1*" + era.payment().checkNumber() + "*1940360524~", payment.inboundAchTransfer().addenda().get(0));
        assertEquals(null, era.transactionId());                  // until the ACH credit is accepted
        Remittance remittance = sandbox.eras().remittances(operating.entityId()).stream()
                .filter(r -> r.payment().traceNumber().equals(era.payment().checkNumber())).findFirst().orElseThrow();
        assertEquals(era, sandbox.eras().ofRemittance(remittance.id()));   // typed before its money arrives
        assertTrue(sandbox.eras().x12(remittance.id()).contains("CLP*PCN-2001*1*200.00*150.00"));
    }

    @Test
    void lockboxAndCheckDeposits(Sandbox sandbox) {
        Entity riverside = sandbox.entities().named("Riverside Family Medicine, P.C.");
        MailItem mail = sandbox.lockbox().receiveMail(riverside.id(), MailItem.Incoming.of(
                MailItem.IncomingCheck.submitted(80_00), MailItem.IncomingCheck.pending(45_00)));
        String deposited = mail.checks().get(0).id();
        String pending = mail.checks().get(1).id();

        sandbox.checkDeposits().submit(pending);                  // deposited now, held a day
        CheckDeposit bounced = sandbox.checkDeposits().returnDeposit(deposited, "stop_payment");
        sandbox.clock().advance(Duration.ofDays(1));

        assertEquals(CheckDeposit.RETURNED, bounced.status());
        assertEquals(MailItem.Hold.RELEASED, sandbox.checkDeposits().get(pending).hold().status());
        assertEquals(mail.id(), sandbox.lockbox().mail(riverside.id()).get(0).id());   // newest first
    }

    @Test
    void externalAccounts(Sandbox sandbox) {
        String landlord = "external_account_0000006m7mqvdz8p22s5";     // "Landlord - River Rd"
        ExternalAccount archived = sandbox.externalAccounts().archive(landlord);

        assertEquals(ExternalAccount.ARCHIVED, archived.status());
        assertEquals(409, assertThrows(SandboxException.class, () -> sandbox.externalAccounts().archive(landlord)).status());
    }

    @Test
    void outboundAch(Sandbox sandbox) throws Exception {
        Account operating = sandbox.accounts().named("Riverside Operating");
        post(sandbox, "/v0/ach-transfer", "{\"source_account_id\": \"" + operating.id() + "\","
                + " \"destination_account_id\": \"external_account_0000006lxaxz0nfoiqqt\", \"amount\": 1200}");   // your app
        String transfer = sandbox.transactions().of(operating.id()).get(0).achTransferId();

        AchTransfer canceled = sandbox.achTransfers().cancel(transfer);   // the bank's side

        assertEquals(AchTransfer.CANCELED, canceled.status());
        assertEquals(operating.totalBalance(), sandbox.accounts().get(operating.id()).totalBalance());   // money back
    }

    @Test
    void faultsAndTheJournal(Sandbox sandbox) throws Exception {
        sandbox.faults().inject(Fault.of("GET", "/v0/accounts", 503).times(2));

        int[] statuses = {get(sandbox, "/v0/accounts"), get(sandbox, "/v0/accounts"), get(sandbox, "/v0/accounts")};

        assertEquals(503, statuses[0]);
        assertEquals(200, statuses[2]);                            // a client that retries gets through
        assertEquals(List.of(503, 503, 200), sandbox.journal().requests("GET", "/v0/accounts").stream()
                .map(RecordedRequest::status).toList());
        sandbox.journal().clear();                                 // look only at what follows
        assertEquals(List.of(), sandbox.journal().requests());
    }

    @Test
    void exportAndImport(Sandbox sandbox) {
        JsonNode before = sandbox.exportState();                   // the fixture files' names are its keys
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().simulate(account, 10_00);

        sandbox.importState(before);

        assertEquals(before, sandbox.exportState());
        assertTrue(before.has("inbound_ach_transfers"));
    }

    private static int get(Sandbox sandbox, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static void post(Sandbox sandbox, String path, String json) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "docs-" + System.nanoTime())
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(201, answer.statusCode(), answer.body());
    }
}
