package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /_sandbox/cards}: the operator's list of cards, oldest first, web-app ones included,
 * each exactly as {@code GET /v0/cards/{card_id}} renders it; the typed handle reads the same.
 */
class CardListTest extends SandboxTestBase {
    private static final String RIVERSIDE_OPERATING = "account_0000000ptmhjx1gxm2mi";

    private List<JsonNode> everyPage(String query, int limit) {
        List<JsonNode> cards = new ArrayList<>();
        String cursor = null;
        do {
            ApiClient.Response page = control.get("/_sandbox/cards?limit=" + limit + query
                    + (cursor == null ? "" : "&cursor=" + cursor));
            assertThat(page.status()).as(page.text()).isEqualTo(200);
            page.json().get("data").forEach(cards::add);
            assertThat(page.json().get("data").size()).isLessThanOrEqualTo(limit);
            cursor = page.json().get("has_next").asBoolean() ? page.json().get("cursor").asText() : null;
        } while (cursor != null);
        return cards;
    }

    private static List<String> ids(List<JsonNode> cards) {
        return cards.stream().map(card -> card.get("id").asText()).toList();
    }

    @Test
    void everyCardOldestFirstPageByPageWebAppOnesIncludedEachAsTheApiRendersIt() {
        List<JsonNode> cards = everyPage("", 2);

        List<String> fixtureOrder = new ArrayList<>();
        state().get("cards").forEach(row -> fixtureOrder.add(row.get("id").asText()));
        assertThat(ids(cards)).containsExactlyElementsOf(fixtureOrder).hasSize(6).contains(CancelCardTest.WEB_APP);
        for (JsonNode card : cards) {
            String id = card.get("id").asText();
            if (id.equals(CancelCardTest.WEB_APP)) {
                assertThat(api.get("/v0/cards/" + id).status()).as("the API's answer for a web-app card").isEqualTo(404);
                assertThat(card.get("nickname").asText()).isEqualTo("Front desk petty cash");
                assertThat(CancelCardTest.fieldNames(card)).isEqualTo(CancelCardTest.fieldNames(api.get("/v0/cards/" + CancelCardTest.OFFICE).json()));
            } else {
                assertThat(card).as(id).isEqualTo(api.get("/v0/cards/" + id).json());
            }
        }
    }

    @Test
    void oneAccountsCardsAndANewCardLast() {
        ApiClient.Response created = api.post("/v0/cards", Map.of("bank_account_id", RIVERSIDE_OPERATING, "nickname", "Lab kits",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use", "multi_use",
                        Map.of("spending_limits", List.of(Map.of("interval", "per_day", "amount", 10_000)))))), "card-list-1");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        JsonNode issued = created.json();

        assertThat(ids(everyPage("&account_id=" + RIVERSIDE_OPERATING, 100)))
                .containsExactly(CancelCardTest.OFFICE, CancelCardTest.WEB_APP, issued.get("id").asText());
        assertThat(ids(everyPage("", 100))).hasSize(7).last().isEqualTo(issued.get("id").asText());
    }

    @Test
    void theTypedHandleReadsTheSameList() {
        assertThat(sandbox.cards().all()).extracting(io.bankssandbox.Card::id).containsExactlyElementsOf(ids(everyPage("", 100)));
        assertThat(sandbox.cards().ofAccount(RIVERSIDE_OPERATING)).extracting(io.bankssandbox.Card::id)
                .containsExactly(CancelCardTest.OFFICE, CancelCardTest.WEB_APP);
    }

    @Test
    void anUnknownAccountIsA404AndABadPageA400InTheNestShape() {
        ApiClient.Response unknown = control.get("/_sandbox/cards?account_id=account_000000000000nosuchid");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.text()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Account account_000000000000nosuchid not found\"}");

        ApiClient.Response tooBig = control.get("/_sandbox/cards?limit=101");
        assertThat(tooBig.status()).isEqualTo(400);
        assertThat(tooBig.json().get("statusCode").asInt()).isEqualTo(400);
        assertThat(tooBig.json().get("message").isArray()).isTrue();

        ApiClient.Response badCursor = control.get("/_sandbox/cards?cursor=not-a-cursor");
        assertThat(badCursor.status()).isEqualTo(400);
    }
}
