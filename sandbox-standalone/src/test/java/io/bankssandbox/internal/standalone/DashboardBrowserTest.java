package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Locator;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The dashboard in a real browser (Debian's chromium driven by Playwright): a frontend developer's
 * clicks go through the control API and the page shows what changed. Also writes the README's
 * screenshot, docs/dashboard.png.
 */
class DashboardBrowserTest extends DashboardBrowserTestBase {

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
}
