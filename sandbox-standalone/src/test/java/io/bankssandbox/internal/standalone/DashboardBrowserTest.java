package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The dashboard in a real browser (Debian's chromium driven by Playwright): a frontend developer's
 * clicks go through the control API and the page shows what changed. Also writes the README's
 * screenshot, docs/dashboard.png.
 */
class DashboardBrowserTest extends DashboardPageTestBase {
    private static final String ACCOUNT_NAME = "Riverside Operating";

    @Test
    void simulatedCreditAcceptedFromItsButtonChangesTheBalanceShown() throws Exception {
        String accountId = accountId(ACCOUNT_NAME);
        long available = account(accountId).get("available_balance").asLong();
        long total = account(accountId).get("total_balance").asLong();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui");
        Locator balance = page.getByTestId("account-available-" + accountId);
        assertThat(balance).hasText(dollars(available));

        page.getByTestId("tab-ach").click();
        String transferId = simulateCredit(accountId, "1234.56");
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("pending");
        assertThat(page.getByTestId("ach-amount-" + transferId)).hasText("$1,234.56");

        page.getByTestId("ach-accept-" + transferId).click();
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("accepted");
        assertThat(page.getByTestId("ach-accept-" + transferId)).hasCount(0);
        assertThat(page.getByTestId("ach-return-" + transferId)).isVisible();
        page.getByTestId("toast").waitFor(new Locator.WaitForOptions().setState(com.microsoft.playwright.options.WaitForSelectorState.HIDDEN));
        screenshot();

        page.getByTestId("tab-accounts").click();
        assertThat(balance).hasText(dollars(available + 123_456));
        assertThat(page.getByTestId("account-total-" + accountId)).hasText(dollars(total + 123_456));
        assertThat(account(accountId).get("available_balance").asLong()).isEqualTo(available + 123_456);
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void advancingTheClockADayResolvesAPendingTransferOnThePage() {
        String accountId = accountId(ACCOUNT_NAME);
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#ach");
        assertThat(page.getByTestId("clock-mode")).hasText("frozen");
        assertThat(page.getByTestId("clock-now")).containsText("Mar 2, 2026");
        String transferId = simulateCredit(accountId, "75.00");
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("pending");

        page.getByTestId("advance-day").click();
        assertThat(page.getByTestId("clock-now")).containsText("Mar 3, 2026");
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("accepted");
        assertThat(transfer(transferId).get("status").asText()).isEqualTo("accepted");
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void returningAnAcceptedTransferAsksForItsReasonAndTakesTheNachaCode() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#ach");
        String transferId = simulateCredit(accountId(ACCOUNT_NAME), "10.00");
        page.getByTestId("ach-accept-" + transferId).click();
        page.getByTestId("ach-return-" + transferId).click();
        page.getByTestId("reason-input").fill("R02"); // the NACHA code, as an operator would type it
        page.getByTestId("reason-ok").click();
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("returned");
        assertThat(page.getByTestId("ach-row-" + transferId)).containsText("account_closed");
        assertThat(transfer(transferId).at("/returned/reason").asText()).isEqualTo("account_closed");
    }

    @Test
    void theJournalShowsV0RequestsLiveAndArchiveThenResetComeBackOnThePage() throws Exception {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#requests");
        assertThat(page.getByTestId("requests-empty")).isVisible();
        java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(sandbox.baseUrl() + "/v0/entities?limit=2"))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
        assertThat(page.getByTestId("requests-table")).containsText("/v0/entities?limit=2");

        page.getByTestId("tab-external").click();
        String externalId = sandbox.exportState().get("external_accounts").get(0).get("id").asText();
        page.getByTestId("external-archive-" + externalId).click();
        assertThat(page.getByTestId("external-status-" + externalId)).hasText("archived");
        assertThat(page.getByTestId("external-archive-" + externalId)).hasCount(0);

        page.onDialog(dialog -> dialog.accept()); // "Reset the sandbox to its fixtures?"
        page.getByTestId("reset").click();
        assertThat(page.getByTestId("external-status-" + externalId)).hasText("active");
        assertThat(page.getByTestId("requests-count")).hasText("0");
    }

    @Test
    void theRequestsTabDownloadsTheSessionAsAYamlScenarioThatReplaysGreen() throws Exception {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#requests");
        java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(sandbox.baseUrl() + "/v0/accounts?limit=3"))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
        assertThat(page.getByTestId("requests-table")).containsText("/v0/accounts?limit=3");
        com.microsoft.playwright.Download download = page.waitForDownload(
                () -> page.getByTestId("journal-export-yaml").click());
        assertThat(download.suggestedFilename()).isEqualTo("session.yaml");
        Path file = Files.createTempDirectory("dashboard-export").resolve("session.yaml");
        download.saveAs(file);
        assertThat(Files.readString(file)).contains("path: /v0/accounts?limit=3");
        java.io.StringWriter out = new java.io.StringWriter();
        int code = Main.execute(new String[] {"replay", file.toString()}, new java.io.PrintWriter(out, true),
                new java.io.PrintWriter(new java.io.StringWriter(), true));
        assertThat(out.toString().strip()).endsWith("1 passed, 0 failed");
        assertThat(code).isZero();
    }

    @Test
    void lockboxCheckIsHeldUntilTheClockIsAdvancedPastItsReleaseTime() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#lockbox");
        String providerId = account(accountId(ACCOUNT_NAME)).get("entity_id").asText();
        Set<String> before = ids("mail");
        page.getByTestId("simulate-mail-provider").selectOption(providerId);
        page.getByTestId("simulate-mail-amount").fill("420.00");
        page.getByTestId("simulate-mail-submit").click();
        assertThat(page.getByTestId("toast")).containsText("1 check");
        Set<String> after = ids("mail");
        after.removeAll(before);
        assertThat(after).hasSize(1);
        String checkId = mail(after.iterator().next()).get("checks").get(0).get("id").asText();
        assertThat(page.getByTestId("check-hold-" + checkId)).containsText("on hold until 2026-03-03 15:00:00 UTC");

        page.getByTestId("advance-to-input").fill("2026-03-04T09:30");
        page.getByTestId("advance-to").click();
        assertThat(page.getByTestId("clock-now")).containsText("Mar 4, 2026 · 09:30:00 UTC");
        assertThat(page.getByTestId("check-hold-" + checkId)).containsText("hold released");
    }

    @Test
    void cardPaymentOverItsPerTransactionLimitIsDeclinedNamingTheLimitAndASmallOneIsApproved() {
        String cardId = null;
        for (JsonNode card : sandbox.exportState().get("cards")) {
            if ("Office supplies".equals(card.path("nickname").asText())) {
                cardId = card.get("id").asText();
            }
        }
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");
        assertThat(page.getByTestId("card-limits-" + cardId)).containsText("$500.00 per transaction");
        page.getByTestId("authorize-card").selectOption(cardId);
        page.getByTestId("authorize-amount").fill("600.00");
        page.getByTestId("authorize-submit").click();
        assertThat(page.getByTestId("authorize-result")).hasText("Declined $600.00: breaches limit ($500.00 per transaction)");

        int payments = sandbox.exportState().get("card_payments").size();
        page.getByTestId("authorize-amount").fill("12.00");
        page.getByTestId("authorize-submit").click();
        assertThat(page.getByTestId("authorize-result")).hasText("Approved $12.00");
        assertThat(sandbox.exportState().get("card_payments").size()).isEqualTo(payments + 1);
        assertThat(page.getByTestId("card-payments-table")).containsText("Office supplies •••• 4242");
    }

    @Test
    void dataFromTheApiIsShownAsTextNeverRunAsMarkup() throws Exception {
        String nickname = "<img src=x onerror=window.__xss=1>";
        String body = "{\"entity_id\":\"" + account(accountId(ACCOUNT_NAME)).get("entity_id").asText() + "\","
                + "\"nickname\":\"" + nickname + "\",\"holder_type\":\"business\",\"holder_name\":\"Acme\","
                + "\"routing_number\":\"021000021\",\"account_number\":\"4471002231\","
                + "\"holder_address\":{\"line1\":\"1 Main St\",\"city\":\"Chicago\",\"state\":\"IL\","
                + "\"postal_code\":\"60601\",\"country\":\"US\"}}";
        java.net.http.HttpResponse<String> created = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(sandbox.baseUrl() + "/v0/external-accounts"))
                        .header("Authorization", "Bearer " + sandbox.apiKey())
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", "dashboard-xss-0001")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#external");
        assertThat(page.getByTestId("external-table")).containsText(nickname);
        assertThat(page.locator("[data-testid=external-table] img")).hasCount(0);
        assertThat(page.evaluate("() => window.__xss === undefined")).isEqualTo(true);
    }

    @Test
    void outboundAchFromTheAppCanBeCanceledOrSubmittedByTheClockAndReturned() throws Exception {
        String canceled = sendOutboundAch(25_000, "dashboard-ach-0001");
        String returned = sendOutboundAch(30_000, "dashboard-ach-0002");
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#outbound");
        assertThat(page.getByTestId("outbound-status-" + canceled)).hasText("pending");
        page.getByTestId("outbound-cancel-" + canceled).click();
        assertThat(page.getByTestId("outbound-status-" + canceled)).hasText("canceled");

        page.getByTestId("advance-hour").click();
        assertThat(page.getByTestId("outbound-status-" + returned)).hasText("submitted");
        page.getByTestId("outbound-return-" + returned).click();
        page.getByTestId("reason-ok").click(); // no reason: the default
        assertThat(page.getByTestId("outbound-status-" + returned)).hasText("returned");
        assertThat(page.getByTestId("outbound-row-" + returned)).containsText("no_account");
    }

    /** POST /v0/ach-transfer from Riverside Operating to its first external account; answers the transfer id. */
    private String sendOutboundAch(long cents, String idempotencyKey) throws Exception {
        String source = accountId(ACCOUNT_NAME);
        String entityId = account(source).get("entity_id").asText();
        String destination = null;
        for (JsonNode x : sandbox.exportState().get("external_accounts")) {
            if (x.get("entity_id").asText().equals(entityId) && "active".equals(x.get("status").asText())) {
                destination = x.get("id").asText();
            }
        }
        String body = "{\"source_account_id\":\"" + source + "\",\"destination_account_id\":\"" + destination
                + "\",\"amount\":" + cents + ",\"description\":\"Supplies\"}";
        java.net.http.HttpResponse<String> created = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(sandbox.baseUrl() + "/v0/ach-transfer"))
                        .header("Authorization", "Bearer " + sandbox.apiKey())
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", idempotencyKey)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return com.fasterxml.jackson.databind.json.JsonMapper.builder().build().readTree(created.body())
                .at("/source/ach_transfer_intention/ach_transfer_id").asText();
    }

    @Test
    void insurancePaymentArrivesWithItsEraWhichIsLinkedOnceTheCreditIsAccepted() {
        String accountId = accountId(ACCOUNT_NAME);
        Set<String> erasBefore = ids("eras");
        Set<String> transfersBefore = transferIds();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#eras");
        page.getByTestId("insurance-account").selectOption(accountId);
        page.getByTestId("insurance-patient").fill("SAM RIVERA");
        page.getByTestId("insurance-charged").fill("280.00");
        page.getByTestId("insurance-paid").fill("205.00");
        page.getByTestId("insurance-patient-owes").fill("20.00");
        List<String> sent = new ArrayList<>();
        page.onRequest(request -> {
            if (request.url().endsWith("/_sandbox/insurance-payments")) {
                sent.add(request.postData());
            }
        });
        page.getByTestId("insurance-submit").click();
        assertThat(page.getByTestId("toast")).containsText("Insurance payment $205.00 arrived, pending");
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0)).doesNotContain("adjustments").contains("\"patient_responsibility\":2000");
        Set<String> eras = ids("eras");
        eras.removeAll(erasBefore);
        assertThat(eras).hasSize(1);
        String eraId = eras.iterator().next();
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("SAM RIVERA");
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("not yet linked");
        JsonNode claim = null;
        for (JsonNode era : sandbox.exportState().get("eras")) {
            if (era.get("id").asText().equals(eraId)) {
                claim = era.at("/claims/0");
            }
        }
        // balanced by the sandbox: the patient's share as PR-2, the rest of charged - paid as CO-45
        assertThat(claim.at("/adjustments/0/group").asText() + "-" + claim.at("/adjustments/0/reason_code").asText()
                + " " + claim.at("/adjustments/0/amount").asLong()).isEqualTo("PR-2 2000");
        assertThat(claim.at("/adjustments/1/group").asText() + "-" + claim.at("/adjustments/1/reason_code").asText()
                + " " + claim.at("/adjustments/1/amount").asLong()).isEqualTo("CO-45 5500");

        Set<String> transfers = transferIds();
        transfers.removeAll(transfersBefore);
        String transferId = transfers.iterator().next();
        page.getByTestId("tab-ach").click();
        page.getByTestId("ach-accept-" + transferId).click();
        assertThat(page.getByTestId("ach-status-" + transferId)).hasText("accepted");
        page.getByTestId("tab-eras").click();
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("transaction_");
    }

    /** Fills the insurance form with one claim of $280.00 paying $205.00; the caller picks how it arrives, then submits. */
    private void fillInsurancePayment(String accountId) {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#eras");
        page.getByTestId("insurance-account").selectOption(accountId);
        page.getByTestId("insurance-patient").fill("SAM RIVERA");
        page.getByTestId("insurance-charged").fill("280.00");
        page.getByTestId("insurance-paid").fill("205.00");
    }

    private String newEraId(Set<String> before) {
        Set<String> eras = ids("eras");
        eras.removeAll(before);
        assertThat(eras).hasSize(1);
        return eras.iterator().next();
    }

    @Test
    void aCheckPaymentFromTheFormArrivesAsLockboxMailWhoseDepositItsEraNames() {
        String accountId = accountId(ACCOUNT_NAME);
        Set<String> erasBefore = ids("eras");
        Set<String> mailBefore = ids("mail");
        fillInsurancePayment(accountId);
        page.getByTestId("insurance-method").selectOption("check");
        page.getByTestId("insurance-interest").fill("1.25");
        page.getByTestId("insurance-submit").click();

        assertThat(page.getByTestId("toast")).containsText("Check $206.25 arrived in the lockbox, with its ERA");
        String eraId = newEraId(erasBefore);
        Set<String> mail = ids("mail");
        mail.removeAll(mailBefore);
        JsonNode check = mail(mail.iterator().next()).at("/checks/0");
        JsonNode era = null;
        for (JsonNode e : sandbox.exportState().get("eras")) {
            if (e.get("id").asText().equals(eraId)) {
                era = e;
            }
        }
        assertThat(era.at("/payment/method").asText()).isEqualTo("check");
        assertThat(check.at("/micr/serial_number").asText()).isEqualTo(era.at("/payment/check_number").asText());
        assertThat(page.getByTestId("era-row-" + eraId)).containsText(check.get("transaction_id").asText());
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("CHECK #" + check.at("/micr/serial_number").asText());
        assertThat(page.getByTestId("era-plb-" + eraId)).hasText("PLB L6 +$1.25");
        page.getByTestId("tab-lockbox").click();
        assertThat(page.locator("#panel-lockbox")).containsText("#" + check.at("/micr/serial_number").asText());
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void anEraDelayedAfterTheMoneyShowsOnItsWayUntilTheClockBringsIt() {
        String accountId = accountId(ACCOUNT_NAME);
        Set<String> erasBefore = ids("eras");
        fillInsurancePayment(accountId);
        page.getByTestId("insurance-method").selectOption("check");
        page.getByTestId("insurance-era-delay").fill("1");
        page.getByTestId("insurance-submit").click();

        assertThat(page.getByTestId("toast")).containsText("Check $205.00 arrived in the lockbox; its ERA follows 1 day"
                + " after the money posts");
        String eraId = newEraId(erasBefore);
        assertThat(page.getByTestId("era-on-its-way-" + eraId)).hasText("on its way: 2026-03-03 15:00:00 UTC");
        page.getByTestId("advance-day").click();
        assertThat(page.getByTestId("clock-now")).containsText("Mar 3, 2026");
        assertThat(page.getByTestId("era-on-its-way-" + eraId)).hasCount(0);
        assertThat(page.getByTestId("era-row-" + eraId).locator("td").first()).hasText("2026-03-03 15:00:00 UTC");
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void anEraSentAheadOfItsMoneyShowsWhenTheCreditIsDueAndTheClockBringsTheCredit() {
        String accountId = accountId(ACCOUNT_NAME);
        Set<String> erasBefore = ids("eras");
        Set<String> transfersBefore = transferIds();
        fillInsurancePayment(accountId);
        page.getByTestId("insurance-payment-delay").fill("2");
        List<String> sent = new ArrayList<>();
        page.onRequest(request -> {
            if (request.url().endsWith("/_sandbox/insurance-payments")) {
                sent.add(request.postData());
            }
        });
        page.getByTestId("insurance-submit").click();

        assertThat(page.getByTestId("toast")).containsText("ERA arrived; its $205.00 ACH credit follows in 2 days");
        assertThat(sent.get(0)).contains("\"payment_delay\":\"P2D\"").doesNotContain("method").doesNotContain("era_delay");
        String eraId = newEraId(erasBefore);
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("ACH credit due 2026-03-04 15:00:00 UTC");
        assertThat(transferIds()).isEqualTo(transfersBefore);
        page.getByTestId("advance-day").click();
        page.getByTestId("advance-day").click();
        assertThat(page.getByTestId("clock-now")).containsText("Mar 4, 2026");
        Set<String> transfers = transferIds();
        transfers.removeAll(transfersBefore);
        // the fixtures' own ERA sent ahead of its money arrived on the way too
        assertThat(transfers).hasSize(2);
        assertThat(page.getByTestId("era-row-" + eraId)).containsText("not yet linked");
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void withAnAdminTokenThePageAsksForItAndThenLoads() {
        sandbox.close();
        sandbox = Sandbox.start(SandboxConfig.builder().adminToken("dash-admin-token").build());
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui");
        assertThat(page.getByTestId("token-bar")).isVisible();
        page.getByTestId("token-input").fill("dash-admin-token");
        page.getByTestId("token-save").click();
        assertThat(page.getByTestId("token-bar")).isHidden();
        assertThat(page.getByTestId("clock-mode")).hasText("frozen");
        assertThat(page.getByTestId("accounts-table").locator("tbody tr"))
                .hasCount(sandbox.exportState().get("accounts").size());
    }

    @Test
    void erasAreListedNewestReceivedFirstWithTheirReceivedTimeShown() {
        List<JsonNode> eras = new ArrayList<>();
        sandbox.exportState().get("eras").forEach(eras::add);
        eras.sort(java.util.Comparator.comparing((JsonNode e) -> e.get("received_at").asText())
                .thenComparing(e -> e.get("id").asText()).reversed());
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#eras");
        Locator rows = page.getByTestId("eras-table").locator("tbody tr");
        assertThat(rows).hasCount(eras.size());
        assertThat(page.getByTestId("eras-table").locator("thead th").first()).hasText("Received");
        assertThat(rows.evaluateAll("rows => rows.map(r => r.dataset.testid)"))
                .isEqualTo(eras.stream().map(e -> "era-row-" + e.get("id").asText()).toList());
        String newest = eras.get(0).get("received_at").asText();
        assertThat(rows.first().locator("td").first())
                .hasText(newest.substring(0, 10) + " " + newest.substring(11, 19) + " UTC");
    }

    @Test
    void theCardPickerStartsOnAnActiveCardAndListsCanceledCardsLast() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");
        Locator picker = page.getByTestId("authorize-card");
        assertThat(picker.locator("option")).hasCount(sandbox.exportState().get("cards").size());
        String selected = picker.inputValue();
        JsonNode card = null;
        for (JsonNode c : sandbox.exportState().get("cards")) {
            if (c.get("id").asText().equals(selected)) {
                card = c;
            }
        }
        assertThat(card).isNotNull();
        assertThat(card.get("status").asText()).isEqualTo("active");
        @SuppressWarnings("unchecked")
        List<String> statuses = (List<String>) picker.locator("option").evaluateAll("os => os.map(o => o.dataset.status)");
        assertThat(statuses).contains("canceled");
        assertThat(statuses.subList(statuses.indexOf("canceled"), statuses.size())).containsOnly("canceled");
    }

    @Test
    void everyDropdownIsWideEnoughForItsLongestOption() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui");
        int checked = 0;
        for (String tab : List.of("cards", "ach", "lockbox", "eras")) {
            page.getByTestId("tab-" + tab).click();
            Locator selects = page.locator("#panel-" + tab + " select");
            for (int i = 0; i < selects.count(); i++) {
                Locator select = selects.nth(i);
                assertThat(select.locator("option").first()).isAttached();
                // the text the widest option needs against the room the select gives it (its arrow included)
                Object room = select.evaluate("s => { const cs = getComputedStyle(s);"
                        + " const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;"
                        + " const widest = Math.max(0, ...Array.from(s.options, o => ctx.measureText(o.text).width));"
                        + " return { name: s.dataset.testid || s.id, room: s.clientWidth - parseFloat(cs.paddingLeft)"
                        + " - parseFloat(cs.paddingRight) - 16, widest: widest }; }");
                Map<?, ?> fit = (Map<?, ?>) room;
                assertThat(((Number) fit.get("room")).doubleValue())
                        .as("room for the widest option of %s", fit.get("name"))
                        .isGreaterThanOrEqualTo(((Number) fit.get("widest")).doubleValue());
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(6);
    }

    @Test
    void aMessageNeverCoversAButton() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#ach");
        String transferId = simulateCredit(accountId(ACCOUNT_NAME), "12.00");
        page.getByTestId("ach-accept-" + transferId).click();
        assertThat(page.getByTestId("toast")).containsText("Accepted $12.00");
        assertThat(page.getByTestId("toast")).isVisible();
        // every button the user can see is the element under its own center: nothing lies on top of it
        Object covered = page.evaluate("() => {"
                + " const visible = b => { const r = b.getBoundingClientRect(); if (!r.width || !r.height) return false;"
                + "   const x = r.left + r.width / 2, y = r.top + r.height / 2;"
                + "   if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;"
                + "   for (let a = b.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowY;"
                + "     if (o === 'auto' || o === 'scroll' || o === 'hidden') { const c = a.getBoundingClientRect();"
                + "       if (y < c.top || y > c.bottom || x < c.left || x > c.right) return false; } }"
                + "   return true; };"
                + " const buttons = Array.from(document.querySelectorAll('button')).filter(visible);"
                + " const t = document.querySelector('[data-testid=toast]').getBoundingClientRect();"
                + " const m = document.querySelector('main').getBoundingClientRect();"
                + " const top = Math.max(m.top, 0), bottom = Math.min(m.bottom, innerHeight);"
                + " const overMain = t.left < m.right && m.left < t.right && t.top < bottom && top < t.bottom;"
                + " return { seen: buttons.length, overMain: overMain, covered: buttons.filter(b => { const r = b.getBoundingClientRect();"
                + "   const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                + "   return !(hit && b.contains(hit)); }).map(b => b.dataset.testid || b.textContent) }; }");
        Map<?, ?> result = (Map<?, ?>) covered;
        assertThat(((Number) result.get("seen")).intValue()).isGreaterThan(10);
        assertThat((List<?>) result.get("covered")).isEmpty();
        // nor can any: the message sits outside the scrolling page, wherever it is scrolled to
        assertThat(result.get("overMain")).isEqualTo(false);
    }

    @Test
    void advanceToShowsAndTakesUtcIn24HourTimeWhateverTheBrowsersTimeZone() {
        context.close();
        context = chromium.browser().newContext(new Browser.NewContextOptions().setViewportSize(1440, 900).setLocale("en-US")
                .setTimezoneId("America/Los_Angeles"));
        page = context.newPage();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui");
        Locator input = page.getByTestId("advance-to-input");
        assertThat(input).hasValue("2026-03-02 15:00:00");
        input.fill("2026-03-04 18:30:00");
        page.getByTestId("advance-to").click();
        assertThat(page.getByTestId("clock-now")).containsText("Mar 4, 2026 · 18:30:00 UTC");
        assertThat(input).hasValue("2026-03-04 18:30:00");
        assertThat(sandbox.exportState().at("/clock/now").asText()).startsWith("2026-03-04T18:30:00");
    }

    @Test
    void journalNumbersFollowEachOtherWhenControlRequestsComeBetween() throws Exception {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#requests");
        getV0("/v0/entities?limit=1");
        assertThat(page.getByTestId("requests-table")).containsText("/v0/entities?limit=1");
        page.getByTestId("advance-hour").click(); // a control request between the two
        assertThat(page.getByTestId("toast")).containsText("Clock at");
        getV0("/v0/entities?limit=2");
        assertThat(page.getByTestId("requests-table")).containsText("/v0/entities?limit=2");
        assertThat(page.getByTestId("requests-table").locator("tr.request td:first-child"))
                .hasText(new String[] {"2", "1"});
    }

    private void getV0(String path) throws Exception {
        java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
    }

    /** Fills and submits the simulate form; returns the new transfer's id as the sandbox knows it. */
    private String simulateCredit(String accountId, String dollars) {
        Set<String> before = transferIds();
        page.getByTestId("simulate-ach-account").selectOption(accountId);
        page.getByTestId("simulate-ach-amount").fill(dollars);
        page.getByTestId("simulate-ach-direction").selectOption("credit");
        page.getByTestId("simulate-ach-originator").fill("BLUE SHIELD CA");
        page.getByTestId("simulate-ach-submit").click();
        assertThat(page.getByTestId("toast")).containsText("arrived");
        Set<String> after = transferIds();
        after.removeAll(before);
        assertThat(after).hasSize(1);
        return after.iterator().next();
    }

    private Set<String> transferIds() {
        return ids("inbound_ach_transfers");
    }

    private Set<String> ids(String section) {
        Set<String> ids = new java.util.HashSet<>();
        sandbox.exportState().get(section).forEach(row -> ids.add(row.get("id").asText()));
        return ids;
    }

    private JsonNode mail(String id) {
        for (JsonNode m : sandbox.exportState().get("mail")) {
            if (m.get("id").asText().equals(id)) {
                return m;
            }
        }
        throw new AssertionError("no mail item " + id);
    }

    private JsonNode transfer(String id) {
        for (JsonNode t : sandbox.exportState().get("inbound_ach_transfers")) {
            if (t.get("id").asText().equals(id)) {
                return t;
            }
        }
        throw new AssertionError("no inbound ACH transfer " + id);
    }

    private String accountId(String name) {
        for (JsonNode a : sandbox.exportState().get("accounts")) {
            if (a.get("name").asText().equals(name)) {
                return a.get("id").asText();
            }
        }
        throw new AssertionError("no account named " + name);
    }

    private JsonNode account(String id) {
        for (JsonNode a : sandbox.exportState().get("accounts")) {
            if (a.get("id").asText().equals(id)) {
                return a;
            }
        }
        throw new AssertionError("no account " + id);
    }

    private static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }

    /**
     * The README's screenshot. Written to target/ on every run, so a build never dirties the tree;
     * {@code -Ddashboard.screenshot=docs} refreshes repo-root docs/dashboard.png on purpose.
     */
    private void screenshot() throws Exception {
        Path module = Paths.get(System.getProperty("basedir", ".")).toAbsolutePath();
        Path docs = "docs".equals(System.getProperty("dashboard.screenshot"))
                ? module.getParent().resolve("docs") : module.resolve("target");
        Files.createDirectories(docs);
        // Shown as a user of the default port sees it, so the picture only changes when the page does.
        page.getByTestId("base-url").evaluate("node => node.textContent = 'http://127.0.0.1:8080'");
        page.screenshot(new Page.ScreenshotOptions().setPath(docs.resolve("dashboard.png")));
    }
}
