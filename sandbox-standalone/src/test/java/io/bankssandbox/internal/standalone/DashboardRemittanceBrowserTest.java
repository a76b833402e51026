package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Locator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Remittances in the dashboard: an insurance payment by ACH or check from its form, its ERA linked once the
 * money arrives, ERAs delayed after or sent ahead of their money, and the ERA list newest received first.
 */
class DashboardRemittanceBrowserTest extends DashboardBrowserTestBase {

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
}
