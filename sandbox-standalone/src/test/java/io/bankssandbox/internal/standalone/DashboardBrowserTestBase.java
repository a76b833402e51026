package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.Set;

/** What the dashboard's browser tests share: the control calls that set a scene, and readers of what the page shows. */
abstract class DashboardBrowserTestBase extends DashboardPageTestBase {
    static final String ACCOUNT_NAME = "Riverside Operating";

    /** POST /v0/ach-transfer from Riverside Operating to its first external account; answers the transfer id. */
    String sendOutboundAch(long cents, String idempotencyKey) throws Exception {
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

    /** Fills the insurance form with one claim of $280.00 paying $205.00; the caller picks how it arrives, then submits. */
    void fillInsurancePayment(String accountId) {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#eras");
        page.getByTestId("insurance-account").selectOption(accountId);
        page.getByTestId("insurance-patient").fill("SAM RIVERA");
        page.getByTestId("insurance-charged").fill("280.00");
        page.getByTestId("insurance-paid").fill("205.00");
    }

    String newEraId(Set<String> before) {
        Set<String> eras = ids("eras");
        eras.removeAll(before);
        assertThat(eras).hasSize(1);
        return eras.iterator().next();
    }

    void getV0(String path) throws Exception {
        java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
    }

    /** Fills and submits the simulate form; returns the new transfer's id as the sandbox knows it. */
    String simulateCredit(String accountId, String dollars) {
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

    Set<String> transferIds() {
        return ids("inbound_ach_transfers");
    }

    Set<String> ids(String section) {
        Set<String> ids = new java.util.HashSet<>();
        sandbox.exportState().get(section).forEach(row -> ids.add(row.get("id").asText()));
        return ids;
    }

    JsonNode mail(String id) {
        for (JsonNode m : sandbox.exportState().get("mail")) {
            if (m.get("id").asText().equals(id)) {
                return m;
            }
        }
        throw new AssertionError("no mail item " + id);
    }

    JsonNode transfer(String id) {
        for (JsonNode t : sandbox.exportState().get("inbound_ach_transfers")) {
            if (t.get("id").asText().equals(id)) {
                return t;
            }
        }
        throw new AssertionError("no inbound ACH transfer " + id);
    }

    String accountId(String name) {
        for (JsonNode a : sandbox.exportState().get("accounts")) {
            if (a.get("name").asText().equals(name)) {
                return a.get("id").asText();
            }
        }
        throw new AssertionError("no account named " + name);
    }

    JsonNode account(String id) {
        for (JsonNode a : sandbox.exportState().get("accounts")) {
            if (a.get("id").asText().equals(id)) {
                return a;
            }
        }
        throw new AssertionError("no account " + id);
    }

    static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }

    /**
     * The README's screenshot. Written to target/ on every run, so a build never dirties the tree;
     * {@code -Ddashboard.screenshot=docs} refreshes repo-root docs/dashboard.png on purpose.
     */
    void screenshot() throws Exception {
        Path module = Paths.get(System.getProperty("basedir", ".")).toAbsolutePath();
        Path docs = "docs".equals(System.getProperty("dashboard.screenshot"))
                ? module.getParent().resolve("docs") : module.resolve("target");
        Files.createDirectories(docs);
        // Shown as a user of the default port sees it, so the picture only changes when the page does.
        page.getByTestId("base-url").evaluate("node => node.textContent = 'http://127.0.0.1:8080'");
        page.screenshot(new Page.ScreenshotOptions().setPath(docs.resolve("dashboard.png")));
    }
}
