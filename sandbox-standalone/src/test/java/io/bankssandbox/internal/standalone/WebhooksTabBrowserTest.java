package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import io.bankssandbox.WebhookDelivery;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's Webhooks tab in a real browser (Debian's chromium driven by Playwright):
 * subscribing the inbox from the page, the delivery with its attempts, Redeliver, and the inbox.
 */
class WebhooksTabBrowserTest extends DashboardPageTestBase {

    private String credit(long cents) {
        String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
        String transfer = sandbox.inboundAch().simulate(account, cents).id();
        return sandbox.inboundAch().accept(transfer).transactionId();
    }

    @Test
    void subscribingTheInboxFromThePageShowsTheDeliveryItsAttemptAndTheInbox() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#webhooks");
        assertThat(page.getByTestId("webhook-endpoints-empty")).isVisible();
        page.getByTestId("webhook-url").fill("inbox");
        page.getByTestId("webhook-subscribe").click();
        assertThat(page.getByTestId("webhook-endpoint-row")).hasCount(1);
        assertThat(page.getByTestId("webhook-endpoint-row")).containsText("inbox");

        String transaction = credit(12_345);
        WebhookDelivery delivered = sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30));
        Locator row = page.locator("[data-testid=webhook-delivery-row][data-id=" + delivered.id() + "]");
        assertThat(row.getByTestId("webhook-delivery-status")).hasText("delivered");
        assertThat(row).containsText(transaction);
        assertThat(row.getByTestId("webhook-delivery-attempts").locator("li")).hasCount(1);
        assertThat(page.getByTestId("webhook-inbox-row")).hasCount(1);
        assertThat(page.getByTestId("webhook-inbox-row")).containsText(delivered.eventId());

        row.getByTestId("webhook-redeliver").click();
        assertThat(row.getByTestId("webhook-delivery-attempts").locator("li")).hasCount(2);
        assertThat(page.getByTestId("webhook-inbox-row")).hasCount(2);
        assertThat(sandbox.webhooks().deliveries().get(0).attempts()).hasSize(2);
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void aRefusedSubscriptionSaysWhyOnThePage() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#webhooks");
        page.getByTestId("webhook-url").fill("ftp://example.com/hooks");
        page.getByTestId("webhook-subscribe").click();
        assertThat(page.getByTestId("webhooks-message")).containsText("url must be an http or https URL");
        assertThat(page.getByTestId("webhook-endpoint-row")).hasCount(0);
        assertThat(sandbox.webhooks().endpoints()).isEmpty();
    }
}
