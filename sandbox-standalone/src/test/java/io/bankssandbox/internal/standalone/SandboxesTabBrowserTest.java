package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's Sandboxes tab in a real browser (Debian's chromium driven by Playwright): the
 * sandboxes started on demand, each with a link to its own dashboard; starting and closing one from
 * the page; and no such tab on a sandbox started on demand.
 */
class SandboxesTabBrowserTest extends DashboardPageTestBase {

    private JsonNode startOnDemand(String body) throws Exception {
        return Http.JSON.readTree(Http.send(sandbox.baseUrl() + "/_sandbox/sandboxes", "POST", null, null, body).body());
    }

    @Test
    void theHostListsSandboxesOnDemandWithLinksToTheirOwnDashboards() throws Exception {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#sandboxes");
        assertThat(page.getByTestId("sandbox-row")).hasCount(1);
        assertThat(page.locator("[data-testid=sandbox-row][data-host=true]")).containsText("this sandbox");
        assertThat(page.getByTestId("sandboxes-empty")).isVisible();

        JsonNode checkout = startOnDemand("{\"name\": \"checkout test\"}");
        JsonNode other = startOnDemand("{}");
        Locator checkoutRow = page.locator("[data-testid=sandbox-row][data-id=" + checkout.get("id").asText() + "]");
        assertThat(page.getByTestId("sandbox-row")).hasCount(3);
        assertThat(page.getByTestId("sandboxes-count")).hasText("2");
        assertThat(page.getByTestId("sandboxes-empty")).isHidden();
        assertThat(checkoutRow).containsText("checkout test");
        assertThat(checkoutRow).containsText(checkout.get("base_url").asText());
        assertThat(checkoutRow.getByTestId("sandbox-dashboard-link"))
                .hasAttribute("href", checkout.get("dashboard_url").asText());

        // the link opens the sandbox's own dashboard: its address, its data, and no Sandboxes tab
        List<String> childErrors = new ArrayList<>();
        Page child = page.context().waitForPage(() -> checkoutRow.getByTestId("sandbox-dashboard-link").click());
        child.onPageError(childErrors::add);
        assertThat(child.getByTestId("base-url")).containsText(checkout.get("base_url").asText());
        assertThat(child.getByTestId("clock-now")).not().hasText("…");
        assertThat(child.getByTestId("tab-sandboxes")).isHidden();
        assertThat(child.getByTestId("tab-webhooks")).isVisible();
        assertThat(childErrors).isEmpty();

        // closing one from the page: gone from the list, its path answers 404
        page.locator("[data-testid=sandbox-row][data-id=" + other.get("id").asText() + "]")
                .getByTestId("sandbox-close").click();
        assertThat(page.getByTestId("sandbox-row")).hasCount(2);
        assertThat(page.getByTestId("sandboxes-message")).containsText("Closed " + other.get("id").asText());
        assertThat(Http.get(sandbox.baseUrl() + "/_sandbox/sandboxes/" + other.get("id").asText(), null).statusCode())
                .isEqualTo(404);
        assertThat(Http.get(other.get("base_url").asText() + "/_sandbox/health", null).statusCode()).isEqualTo(404);
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void behindAReverseProxyUnderAPrefixEveryDashboardWorksThroughIt(@TempDir Path temp) throws Exception {
        try (ReverseProxy proxy = ReverseProxy.start(sandbox.baseUrl(), "/bank", temp)) {
            page.navigate(proxy.url() + "/_sandbox/ui#sandboxes");
            assertThat(page.getByTestId("base-url")).hasText(proxy.url());
            page.getByTestId("sandbox-new-name").fill("proxied");
            page.getByTestId("sandbox-new").click();
            Locator row = page.locator("[data-testid=sandbox-row][data-host=false]");
            assertThat(row).hasCount(1);
            String id = row.getAttribute("data-id");
            String base = proxy.url() + "/sandboxes/" + id;
            assertThat(row).containsText(base);
            assertThat(row.getByTestId("sandbox-dashboard-link")).hasAttribute("href", base + "/_sandbox/ui");

            // its dashboard through the proxy: every call it makes goes under the prefix and the sandbox's path
            List<String> childErrors = new ArrayList<>();
            Page child = page.context().waitForPage(() -> row.getByTestId("sandbox-dashboard-link").click());
            child.onPageError(childErrors::add);
            assertThat(child.getByTestId("base-url")).hasText(base);
            assertThat(child.getByTestId("clock-now")).not().hasText("…");
            String before = child.getByTestId("clock-now").textContent();
            child.getByTestId("advance-hour").click();
            assertThat(child.getByTestId("clock-now")).not().hasText(before);
            assertThat(child.getByTestId("tab-sandboxes")).isHidden();
            // the hour went by in that sandbox only
            JsonNode clocks = Http.JSON.readTree(Http.get(sandbox.baseUrl() + "/_sandbox/sandboxes", null).body()).get("data");
            assertThat(clocks.get(1).at("/clock/now").asText()).isNotEqualTo(clocks.get(0).at("/clock/now").asText());
            // reached with a trailing slash, the page moves to its own address and works the same
            child.navigate(base + "/_sandbox/ui/#accounts");
            assertThat(child).hasURL(base + "/_sandbox/ui#accounts");
            assertThat(child.getByTestId("accounts-table").locator("tbody tr").first()).isVisible();
            assertThat(childErrors).isEmpty();
            assertThat(pageErrors).isEmpty();
        }
    }

    @Test
    void aNewSandboxStartedFromThePageIsListedAndAnswers() throws Exception {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#sandboxes");
        page.getByTestId("sandbox-new-name").fill("from the page");
        page.getByTestId("sandbox-new-clock").selectOption("running");
        page.getByTestId("sandbox-new").click();
        assertThat(page.getByTestId("sandboxes-message")).containsText("Started from the page on http://127.0.0.1:");
        Locator row = page.locator("[data-testid=sandbox-row][data-host=false]");
        assertThat(row).hasCount(1);
        assertThat(row).containsText("from the page");
        assertThat(row).containsText("running");
        JsonNode listed = Http.JSON.readTree(Http.get(sandbox.baseUrl() + "/_sandbox/sandboxes", null).body()).at("/data/1");
        assertThat(listed.get("clock").get("mode").asText()).isEqualTo("running");
        assertThat(Http.get(listed.get("base_url").asText() + "/_sandbox/health", null).statusCode()).isEqualTo(200);
        assertThat(pageErrors).isEmpty();
    }
}
