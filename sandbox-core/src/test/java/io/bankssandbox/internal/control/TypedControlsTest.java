package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.AchTransfer;
import io.bankssandbox.CardDecision;
import io.bankssandbox.CardPayment;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.Era;
import io.bankssandbox.ExternalAccount;
import io.bankssandbox.Fault;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.MailItem;
import io.bankssandbox.RecordedRequest;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The typed controls of the {@code Sandbox} handle against real state: each call must change what
 * the /v0 API then shows, and refuse what the control API refuses, with the same status and messages.
 */
class TypedControlsTest extends SandboxTestBase {
    private LiveFixtures fixtures;

    @BeforeEach
    void readFixtures() {
        fixtures = LiveFixtures.read(api);
    }

    private long totalBalance(String accountId) {
        return api.get("/v0/accounts/" + accountId).json().get("total_balance").asLong();
    }

    @Test
    void simulatedAchAcceptedByHandMovesTheBalanceTheApiShows() {
        String account = fixtures.riversideOperating();
        long before = totalBalance(account);

        InboundAchTransfer pending = sandbox.inboundAch().simulate(account, 12_345);
        assertThat(pending.status()).isEqualTo("pending");
        assertThat(totalBalance(account)).isEqualTo(before);

        InboundAchTransfer accepted = sandbox.inboundAch().accept(pending.id());
        assertThat(accepted.status()).isEqualTo("accepted");
        assertThat(accepted.transactionId()).isNotNull();
        assertThat(totalBalance(account)).isEqualTo(before + 12_345);
        assertThat(api.get("/v0/inbound-ach-transfers/" + pending.id()).json().get("status").asText())
                .isEqualTo("accepted");

        InboundAchTransfer returned = sandbox.inboundAch().returnTransfer(pending.id(), "duplicate_entry");
        assertThat(returned.status()).isEqualTo("returned");
        assertThat(returned.returned().reason()).isEqualTo("duplicate_entry");
        assertThat(totalBalance(account)).isEqualTo(before);
    }

    @Test
    void declineAndWrongStateAnswerAsTheControlApiDoes() {
        InboundAchTransfer pending = sandbox.inboundAch().simulate(fixtures.riversideOperating(), -500);
        InboundAchTransfer declined = sandbox.inboundAch().decline(pending.id());
        assertThat(declined.declined().reason()).isEqualTo("payment_stopped");
        InboundAchTransfer other = sandbox.inboundAch().simulate(fixtures.riversideOperating(), -700);
        assertThat(sandbox.inboundAch().decline(other.id(), "insufficient_funds").declined().reason())
                .isEqualTo("insufficient_funds");

        assertThatThrownBy(() -> sandbox.inboundAch().accept(pending.id()))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    ApiClient.Response http = control.post("/_sandbox/inbound-ach-transfers/" + pending.id() + "/accept",
                            Map.of());
                    assertThat(http.status()).isEqualTo(409);
                    assertThat(e.messages()).containsExactly(http.json().get("message").asText());
                });
    }

    @Test
    void invalidTypedRequestGetsTheSchemaViolationsAnHttpClientGets() {
        InboundAchTransfer.Arrival bad = InboundAchTransfer.Arrival.of("not_an_account", 0).resolvingDeclined("Not A Code");
        SandboxException typed = catchSandboxException(() -> sandbox.inboundAch().simulate(bad));
        ApiClient.Response http = control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", "not_an_account", "amount", 0, "resolves_to", "declined",
                        "decline_reason", "Not A Code"));

        assertThat(typed.status()).isEqualTo(400).isEqualTo(http.status());
        List<String> httpMessages = textList(http.json().get("message"));
        assertThat(typed.messages()).containsExactlyInAnyOrderElementsOf(httpMessages).hasSizeGreaterThanOrEqualTo(2);
        assertThat(sandbox.exportState().get("inbound_ach_transfers").size())
                .isEqualTo(state().get("inbound_ach_transfers").size());
    }

    @Test
    void unknownIdIsNotFound() {
        SandboxException e = catchSandboxException(() -> sandbox.inboundAch().accept("inbound_ach_transfer_nope"));
        assertThat(e.status()).isEqualTo(404);
        assertThat(e.messages()).containsExactly("Inbound ACH transfer inbound_ach_transfer_nope not found");
    }

    @Test
    void advancingTheClockResolvesASimulatedTransferAndReportsIt() {
        String account = fixtures.riversideOperating();
        InboundAchTransfer pending = sandbox.inboundAch().simulate(
                InboundAchTransfer.Arrival.of(account, 700).withOriginator("ACME HEALTH", "CLAIMS").resolvingAccepted());

        // fixture transfers fall due in the same hour: look for ours among the events
        List<ClockEvent> events = sandbox.clock().advance(Duration.ofHours(1));

        assertThat(events).contains(new ClockEvent("inbound_ach_transfer.accepted", pending.id()));
        JsonNode shown = api.get("/v0/inbound-ach-transfers/" + pending.id()).json();
        assertThat(shown.get("status").asText()).isEqualTo("accepted");
        assertThat(api.get("/v0/transactions/" + shown.get("transaction_id").asText()).json().get("amount").asLong())
                .isEqualTo(700);
        assertThat(sandbox.clock().advanceTo(sandbox.clock().now())).isEmpty();
    }

    @Test
    void mailWithChecksShowsInTheProvidersMail() {
        String provider = fixtures.riverside();
        MailItem item = sandbox.lockbox().receiveMail(provider,
                MailItem.Incoming.of(MailItem.IncomingCheck.submitted(4_200), MailItem.IncomingCheck.rejected(1_000)));

        assertThat(item.amount()).isEqualTo(5_200);
        assertThat(item.checks()).extracting(MailItem.Check::status)
                .containsExactly("submitted", "rejected");
        JsonNode listed = api.get("/v0/providers/" + provider + "/mail").json().get("data");
        assertThat(listed.findValuesAsText("id")).contains(item.id());
    }

    @Test
    void insurancePaymentCreatesAPendingCreditAndItsEra() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(fixtures.riversideOperating()).from("ACME HEALTH PLAN", "12345")
                .claim(InsurancePayment.claim("PCN-1", 9_900, 9_900))
                .claim(InsurancePayment.claim("PCN-2", 100, 100)));

        assertThat(payment.inboundAchTransfer().amount()).isEqualTo(10_000);
        assertThat(payment.inboundAchTransfer().status()).isEqualTo("pending");
        assertThat(payment.inboundAchTransfer().addenda()).isNotEmpty();
        assertThat(payment.era()).isNotNull();
    }

    @Test
    void aClaimGivenOnlyItsAmountsThroughTheTypedHandleIsBalancedByTheSandbox() {
        InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(fixtures.riversideOperating()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-T", 28_000, 20_500).patientResponsibility(2_500)));

        Era.Claim claim = payment.era().claims().get(0);
        assertThat(claim.patientResponsibility()).isEqualTo(2_500);
        assertThat(claim.adjustments()).extracting(Era.Adjustment::group, Era.Adjustment::reasonCode, Era.Adjustment::amount)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("PR", "2", 2_500L),
                        org.assertj.core.groups.Tuple.tuple("CO", "45", 5_000L));
    }

    @Test
    void approvedCardPaymentDebitsTheAccount() {
        String account = fixtures.riversideOperating();
        String cardId = api.post("/v0/cards", cardBody(account)).json().get("id").asText();
        long before = totalBalance(account);

        CardDecision approved = sandbox.cards().authorize(cardId, 1_000, "5734");
        CardDecision overLimit = sandbox.cards().authorize(cardId, 6_000, "5734");
        CardDecision blocked = sandbox.cards().authorize(cardId, CardPayment.of(100, "7995"));

        assertThat(approved.decision()).isEqualTo(CardDecision.APPROVED).isEqualTo("approved");
        assertThat(approved.approved()).isTrue();
        assertThat(overLimit.approved()).isFalse();
        assertThat(overLimit.declineReason()).isEqualTo(CardDecision.BREACHES_LIMIT);
        assertThat(overLimit.limit().amount()).isEqualTo(5_000);
        assertThat(blocked.declineReason()).isEqualTo("transaction_not_allowed");
        assertThat(totalBalance(account)).isEqualTo(before - 1_000);
    }

    @Test
    void archivedExternalAccountLeavesTheListAndCannotBeArchivedTwice() {
        JsonNode first = state().get("external_accounts").get(0);
        String id = first.get("id").asText();

        ExternalAccount archived = sandbox.externalAccounts().archive(id);

        assertThat(archived.status()).isEqualTo("archived");
        assertThat(api.get("/v0/external-accounts?entity_id=" + first.get("entity_id").asText()).json().get("data")
                .findValuesAsText("id")).doesNotContain(id);
        assertThat(catchSandboxException(() -> sandbox.externalAccounts().archive(id)).status()).isEqualTo(409);
    }

    @Test
    void outboundAchTransferCanceledByHandGivesTheMoneyBack() {
        String account = fixtures.riversideOperating();
        String destination = null;
        for (JsonNode x : state().get("external_accounts")) {
            if (x.get("entity_id").asText().equals(fixtures.riverside()) && "active".equals(x.get("status").asText())) {
                destination = x.get("id").asText();
            }
        }
        long before = totalBalance(account);
        JsonNode sent = api.post("/v0/ach-transfer", Map.of("source_account_id", account,
                "destination_account_id", destination, "amount", 2_500)).json();
        String transferId = sent.at("/source/ach_transfer_intention/ach_transfer_id").asText();
        assertThat(totalBalance(account)).isEqualTo(before - 2_500);

        AchTransfer canceled = sandbox.achTransfers().cancel(transferId);

        assertThat(canceled.status()).isEqualTo("canceled");
        assertThat(totalBalance(account)).isEqualTo(before);
        assertThat(catchSandboxException(() -> sandbox.achTransfers().approve(transferId)).status()).isEqualTo(409);
    }

    @Test
    void injectedFaultAnswersTheNextMatchingRequestOnly() {
        List<Fault> waiting = sandbox.faults().inject("GET", "/v0/accounts", 503);
        assertThat(waiting).hasSize(1);

        assertThat(api.get("/v0/accounts").status()).isEqualTo(503);
        assertThat(api.get("/v0/accounts").status()).isEqualTo(200);
        assertThat(sandbox.faults().list()).isEmpty();

        sandbox.faults().inject(Fault.of("*", "/v0/*", 500).times(3));
        sandbox.faults().clear();
        assertThat(api.get("/v0/entities").status()).isEqualTo(200);
        assertThat(catchSandboxException(() -> sandbox.faults().inject("GET", "no-slash", 700)).status())
                .isEqualTo(400);
    }

    @Test
    void aLostAnswerScriptedThroughTheHandleIsJournaledAsOne() throws Exception {
        Fault lost = Fault.lostAnswer("POST", "/v0/cards");
        assertThat(sandbox.faults().inject(lost)).containsExactly(Fault.closingConnection("POST", "/v0/cards").afterProcessing(true));
        int cards = sandbox.cards().all().size();

        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> java.net.http.HttpClient.newHttpClient().send(
                api.postRequest("/v0/cards", cardBody(fixtures.riversideOperating()), "typed-lost-answer-1"),
                java.net.http.HttpResponse.BodyHandlers.ofString()));

        assertThat(refused).isInstanceOf(java.io.IOException.class);
        assertThat(sandbox.cards().all()).hasSize(cards + 1);
        RecordedRequest journaled = sandbox.journal().requests("POST", "/v0/cards").get(0);
        assertThat(journaled.connectionClosed()).isTrue();
        assertThat(journaled.status()).isZero();
        assertThat(journaled.fault()).isEqualTo(new RecordedRequest.ServedFault(true, true, 201,
                api.post("/v0/cards", cardBody(fixtures.riversideOperating()), "typed-lost-answer-1").text()));
        assertThat(sandbox.cards().all()).as("the retry replays").hasSize(cards + 1);
    }

    @Test
    void aFaultWithHeadersIsAnsweredWithThemAndBadCombinationsAreTheRoutesRefusal() {
        Fault retryLater = Fault.of("GET", "/v0/accounts", 429).withHeader("Retry-After", "2");
        assertThat(sandbox.faults().inject(retryLater)).containsExactly(retryLater);
        ApiClient.Response limited = api.get("/v0/accounts");
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.header("Retry-After")).contains("2");

        SandboxException refused = catchSandboxException(() -> sandbox.faults().inject(
                Fault.closingConnection("POST", "/v0/cards").withHeader("Retry-After", "1")));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.messages()).containsExactly(
                "headers must be left out when close_connection is true: a closed connection sends no answer");
        assertThat(catchSandboxException(() -> sandbox.faults().inject(
                Fault.of("GET", "/v0/accounts", 503).withHeader("Content-Length", "0"))).messages()).containsExactly(
                "headers.Content-Length is a header the sandbox frames the answer with (Content-Length, Content-Type,"
                        + " Content-Encoding, Transfer-Encoding, Connection, Keep-Alive, TE, Trailer, Upgrade): a fault may not set it");
        assertThat(sandbox.faults().list()).isEmpty();
    }

    @Test
    void aFaultBuiltStepByStepAnswersItsBodyAsManyTimesAsAsked() throws Exception {
        String body = "{\"message\":\"upstream down\"}";
        Fault fault = Fault.of("GET", "/v0/accounts*", 502).withBody(body).delayedBy(0).times(2);

        assertThat(sandbox.faults().inject(fault)).containsExactly(fault);
        assertThat(sandbox.faults().inject(Fault.of("GET", "/v0/entities", 503).delayedBy(25)))
                .extracting(Fault::delayMs).containsExactly(0L, 25L);
        sandbox.faults().clear();
        sandbox.faults().inject(fault);

        // another method does not match, and leaves the fault's count alone
        assertThat(api.post("/v0/accounts", Map.of()).status()).isNotEqualTo(502);
        // the prefix matches a query and a longer path
        for (String path : List.of("/v0/accounts?entity_id=" + fixtures.riverside(),
                "/v0/accounts/" + fixtures.riversideOperating())) {
            ApiClient.Response failed = api.get(path);
            assertThat(failed.status()).isEqualTo(502);
            assertThat(failed.json()).isEqualTo(Json.MAPPER.readTree(body));
        }
        assertThat(api.get("/v0/accounts").status()).isEqualTo(200);
    }

    @Test
    void aJournalEntryMatchesAsFaultsDo() {
        String riverside = fixtures.riverside(); // read before the journal is cleared: it may ask the API
        sandbox.journal().clear();
        api.get("/v0/accounts?entity_id=" + riverside);
        RecordedRequest entry = sandbox.journal().requests().get(0);
        assertThat(sandbox.journal().requests("GET", "/v0/accounts")).containsExactly(entry);
        assertThat(sandbox.journal().requests("*", "/v0/acc*")).containsExactly(entry);
        assertThat(sandbox.journal().requests("GET", "/v0/accounts?entity_id=other")).isEmpty();
        assertThat(sandbox.journal().requests("POST", "/v0/accounts")).isEmpty();
    }

    @Test
    void journalRecordsWhatTheClientSent() {
        api.post("/v0/cards", cardBody(fixtures.riversideOperating()), "order-4711-card");

        List<RecordedRequest> posts = sandbox.journal().requests("POST", "/v0/cards");
        assertThat(posts).singleElement().satisfies(entry -> {
            assertThat(entry.idempotencyKey()).isEqualTo("order-4711-card");
            assertThat(entry.status()).isEqualTo(201);
            assertThat(Json.MAPPER.readTree(entry.requestBody()).get("nickname").asText()).isEqualTo("Supplies");
        });
        assertThat(sandbox.journal().requests("GET", "/v0/accounts")).isNotEmpty();

        sandbox.journal().clear();
        assertThat(sandbox.journal().requests()).isEmpty();
    }

    private static SandboxException catchSandboxException(Runnable call) {
        try {
            call.run();
        } catch (SandboxException e) {
            return e;
        }
        throw new AssertionError("expected a SandboxException");
    }

    private static List<String> textList(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(item -> out.add(item.asText()));
        return out;
    }
}
