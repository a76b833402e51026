package io.bankssandbox.internal.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v0/accounts} pages with {@code limit} and {@code cursor}, as the vendor's current client
 * calls it, while an unpaged call still answers every account of the fixtures in one page.
 */
class AccountListPagingTest extends SandboxTestBase {

    private static List<String> ids(List<JsonNode> items) {
        return items.stream().map(a -> a.get("id").asText()).toList();
    }

    private static void assertBadRequest(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("message").toString()).contains(message);
    }

    @Test
    void anUnpagedCallAnswersEveryAccountOldestFirstInOnePage() {
        JsonNode page = api.get("/v0/accounts").json();
        assertThat(page.get("has_next").asBoolean()).isFalse();
        assertThat(page.get("cursor").isNull()).isTrue();
        assertThat(page.get("data")).hasSize(state().get("accounts").size());
        assertThat(page.get("data").get(0).get("name").asText()).isEqualTo("Riverside Operating");
    }

    @Test
    void everyPageSizeWalksTheSameAccountsInTheSameOrder() {
        List<String> all = ids(LiveFixtures.allPages(api, "/v0/accounts", 100));
        assertThat(all).hasSize(state().get("accounts").size()).doesNotHaveDuplicates();
        for (int limit : List.of(1, 4, 10)) {
            assertThat(ids(LiveFixtures.allPages(api, "/v0/accounts", limit))).as("limit %d", limit)
                    .containsExactlyElementsOf(all);
        }
        String riverside = fixtures.riverside();
        assertThat(ids(LiveFixtures.allPages(api, "/v0/accounts?entity_id=" + riverside, 1)))
                .containsExactly(fixtures.riversideOperating(), fixtures.riversidePayroll());
    }

    @Test
    void aKeyThatSeesOneEntityPagesThroughItsAccountsOnly() {
        assertThat(ids(LiveFixtures.allPages(api.as(ONE), "/v0/accounts", 1)))
                .containsExactly(fixtures.riversideOperating(), fixtures.riversidePayroll());
        assertThat(api.as(ONE).get("/v0/accounts?limit=1&entity_id=" + fixtures.harbor()).status()).isEqualTo(404);
    }

    @Test
    void badPageSizesAndForeignCursorsAreRefused() {
        assertBadRequest(api.get("/v0/accounts?limit=0"), "limit");
        assertBadRequest(api.get("/v0/accounts?limit=101"), "limit must not be greater than 100");
        assertBadRequest(api.get("/v0/accounts?limit=ten"), "limit must be an integer number");
        assertBadRequest(api.get("/v0/accounts?cursor=not-a-cursor"), "cursor is not a cursor this API issued");
    }
}
