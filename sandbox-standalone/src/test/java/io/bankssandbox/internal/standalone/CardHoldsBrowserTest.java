package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Account;
import io.bankssandbox.CardAuthorization;
import java.text.NumberFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's card holds in a real browser (Debian's chromium driven by Playwright): a held
 * payment from the Cards tab's form, its Settle (for another amount) and Reverse buttons, the clock
 * expiring one, and pending holds shown beside the balances, each checked against the sandbox.
 */
class CardHoldsBrowserTest extends DashboardPageTestBase {
    private static final String OFFICE_SUPPLIES = "card_0000006ffif7l9i19ra5";
    private static final String FIXTURE_HOLD = "card_authorization_0000255tdf7irdd01slp";

    private Account operating() {
        return sandbox.accounts().named("Riverside Operating");
    }

    private static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }

    @Test
    void theFixturesPendingHoldShowsBesideTheBalancesAndInTheCardsTab() {
        Account account = operating();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui");

        assertThat(page.getByTestId("account-card-holds-" + account.id())).containsText("$186.40");
        assertThat(page.getByTestId("account-card-holds-" + account.id())).containsText("1 pending");
        assertThat(page.getByTestId("account-available-" + account.id())).hasText(dollars(account.availableBalance()));
        assertThat(page.getByTestId("account-total-" + account.id())).hasText(dollars(account.totalBalance()));

        page.getByTestId("tab-cards").click();
        assertThat(page.getByTestId("card-hold-status-" + FIXTURE_HOLD)).hasText("pending");
        assertThat(page.getByTestId("card-hold-amount-" + FIXTURE_HOLD)).hasText("$186.40");
        assertThat(page.getByTestId("card-hold-row-" + FIXTURE_HOLD)).containsText("Office supplies •••• 4242");
        assertThat(page.getByTestId("card-hold-move-" + FIXTURE_HOLD)).hasText("expires 2026-03-06 17:45:00 UTC");
        assertThat(page.getByTestId("card-holds-empty")).isHidden();
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void aHeldPaymentFromTheFormSettlesForAnotherAmountFromItsButton() {
        Account before = operating();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");
        page.getByTestId("authorize-card").selectOption(OFFICE_SUPPLIES);
        page.getByTestId("authorize-amount").fill("40.00");
        page.getByTestId("authorize-mcc").fill("5812");
        page.getByTestId("authorize-settlement").selectOption("held");
        page.getByTestId("authorize-submit").click();
        assertThat(page.getByTestId("authorize-result")).hasText("Approved and held $40.00");

        CardAuthorization hold = sandbox.cards().authorizations(OFFICE_SUPPLIES).get(0);
        assertThat(hold.amount()).isEqualTo(40_00);
        assertThat(hold.pending()).isTrue();
        assertThat(sandbox.exportState().get("card_payments").size()).isZero(); // held, not posted
        assertThat(page.getByTestId("card-hold-status-" + hold.id())).hasText("pending");
        assertThat(operating().availableBalance()).isEqualTo(before.availableBalance() - 40_00);
        assertThat(operating().totalBalance()).isEqualTo(before.totalBalance());

        page.getByTestId("card-hold-settle-" + hold.id()).click();
        assertThat(page.getByTestId("settle-amount")).hasValue("40.00"); // the held amount to start with
        page.getByTestId("settle-amount").fill("48.00");                  // plus a tip
        page.getByTestId("settle-ok").click();

        assertThat(page.getByTestId("card-hold-status-" + hold.id())).hasText("settled");
        assertThat(page.getByTestId("card-hold-move-" + hold.id())).containsText("settled $48.00");
        assertThat(page.getByTestId("card-hold-settle-" + hold.id())).hasCount(0);
        assertThat(page.getByTestId("toast")).containsText("Settled $48.00");
        CardAuthorization settled = sandbox.cards().authorization(hold.id());
        assertThat(settled.settledAmount()).isEqualTo(48_00);
        assertThat(page.getByTestId("card-hold-move-" + hold.id())).containsText(settled.transactionId());
        Account after = operating();
        assertThat(after.totalBalance()).isEqualTo(before.totalBalance() - 48_00);
        assertThat(after.availableBalance()).isEqualTo(before.availableBalance() - 48_00);

        page.getByTestId("tab-accounts").click();
        assertThat(page.getByTestId("account-available-" + after.id())).hasText(dollars(after.availableBalance()));
        assertThat(page.getByTestId("account-total-" + after.id())).hasText(dollars(after.totalBalance()));
        assertThat(page.getByTestId("account-card-holds-" + after.id())).containsText("$186.40"); // the fixture's only
        assertThat(pageErrors).isEmpty();
    }

    @Test
    void cancellingTheSettleDialogSettlesNothing() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");
        page.getByTestId("card-hold-settle-" + FIXTURE_HOLD).click();
        page.getByTestId("settle-cancel").click();
        assertThat(page.getByTestId("settle-dialog")).isHidden();
        assertThat(page.getByTestId("card-hold-status-" + FIXTURE_HOLD)).hasText("pending");
        assertThat(sandbox.cards().authorization(FIXTURE_HOLD).pending()).isTrue();
    }

    @Test
    void reversingFromItsButtonGivesTheHeldAmountBack() {
        Account before = operating();
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");

        page.getByTestId("card-hold-reverse-" + FIXTURE_HOLD).click();

        assertThat(page.getByTestId("card-hold-status-" + FIXTURE_HOLD)).hasText("reversed");
        assertThat(page.getByTestId("card-hold-reverse-" + FIXTURE_HOLD)).hasCount(0);
        assertThat(sandbox.cards().authorization(FIXTURE_HOLD).status()).isEqualTo(CardAuthorization.REVERSED);
        assertThat(operating().availableBalance()).isEqualTo(before.availableBalance() + 186_40);
        assertThat(operating().totalBalance()).isEqualTo(before.totalBalance());
        page.getByTestId("tab-accounts").click();
        assertThat(page.getByTestId("account-card-holds-" + before.id())).hasText("—");
        assertThat(page.getByTestId("account-available-" + before.id()))
                .hasText(dollars(before.availableBalance() + 186_40));
    }

    @Test
    void theClockPassingExpiresAtExpiresAHoldOnThePage() {
        page.navigate(sandbox.baseUrl() + "/_sandbox/ui#cards");
        assertThat(page.getByTestId("card-hold-status-" + FIXTURE_HOLD)).hasText("pending");

        page.getByTestId("advance-to-input").fill("2026-03-06 17:45:00");
        page.getByTestId("advance-to").click();

        assertThat(page.getByTestId("card-hold-status-" + FIXTURE_HOLD)).hasText("expired");
        assertThat(page.getByTestId("card-hold-move-" + FIXTURE_HOLD)).hasText("expired 2026-03-06 17:45:00 UTC");
        assertThat(sandbox.cards().authorization(FIXTURE_HOLD).status()).isEqualTo(CardAuthorization.EXPIRED);
    }
}
