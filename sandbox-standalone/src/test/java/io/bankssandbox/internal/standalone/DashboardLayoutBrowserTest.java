package io.bankssandbox.internal.standalone;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's layout in a real browser: the card picker's order, dropdowns wide enough for their longest
 * option, messages that never cover a button, and times in UTC whatever the browser's time zone.
 */
class DashboardLayoutBrowserTest extends DashboardBrowserTestBase {

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
}
