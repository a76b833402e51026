package io.bankssandbox.internal.carddetails;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.cards.CardNumbers;
import io.bankssandbox.internal.state.Luhn;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CardDetailsTest extends SandboxTestBase {
    static Map<String, JsonNode> cards = new LinkedHashMap<>();

    @BeforeAll
    void prepare() {
        for (JsonNode card : sandbox.exportState().get("cards")) {
            cards.put(card.get("nickname").isNull() ? "(none)" : card.get("nickname").asText(), card);
        }
    }

    String cardId(String nickname) {
        return cards.get(nickname).get("id").asText();
    }

    /** The path part of a details url (the client fetches it without Authorization). */
    String pagePath(JsonNode iframe) {
        String url = iframe.get("url").asText();
        assertThat(url).startsWith(sandbox.baseUrl() + "/_sandbox/card-details/");
        return url.substring(sandbox.baseUrl().length());
    }

    @Test
    void iframeLinkExpiresFiveMinutesFromTheSandboxClock() {
        ApiClient.Response response = api.get("/v0/cards/" + cardId("Office supplies") + "/iframe");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().size()).isEqualTo(2);
        Instant now = sandbox.clock().now();
        assertThat(Instant.parse(response.json().get("expires_at").asText())).isEqualTo(now.plus(Duration.ofMinutes(5)));
        assertThat(response.json().get("expires_at").asText()).isEqualTo("2026-03-02T15:05:00.000Z");
    }

    @Test
    void thePageShowsALuhnValidPanEndingInLast4WithExpiryAndCvvWithoutAuthorization() {
        JsonNode card = cards.get("Office supplies");
        JsonNode iframe = api.get("/v0/cards/" + card.get("id").asText() + "/iframe").json();
        ApiClient.Response page = api.as(null).get(pagePath(iframe));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        String html = page.text();
        Matcher pan = Pattern.compile("id=\"pan\">(\\d{16})<").matcher(html);
        assertThat(pan.find()).as(html).isTrue();
        assertThat(pan.group(1)).endsWith(card.get("last_4").asText());
        assertThat(Luhn.isValid(pan.group(1))).isTrue();
        assertThat(pan.group(1)).isEqualTo(CardNumbers.pan(card.get("id").asText(), card.get("last_4").asText()));
        assertThat(html).containsPattern("id=\"expiry\">(0[1-9]|1[0-2])/\\d{2}<");
        assertThat(html).contains("id=\"expiry\">01/29<"); // issued January 2026, valid three years
        assertThat(html).containsPattern("id=\"cvv\">\\d{3}<");
    }

    @Test
    void afterExpiryThePageAnswers404() {
        JsonNode iframe = api.get("/v0/cards/" + cardId("Office supplies") + "/iframe").json();
        String path = pagePath(iframe);
        sandbox.clock().advance(Duration.ofMinutes(4).plusSeconds(59));
        assertThat(api.as(null).get(path).status()).isEqualTo(200);
        sandbox.clock().advance(Duration.ofSeconds(1));
        ApiClient.Response expired = api.as(null).get(path);
        assertThat(expired.status()).isEqualTo(404);
        // a fresh link works again
        assertThat(api.as(null).get(pagePath(api.get("/v0/cards/" + cardId("Office supplies") + "/iframe").json())).status())
                .isEqualTo(200);
    }

    @Test
    void aTokenTheSandboxDidNotIssueIs404() {
        JsonNode iframe = api.get("/v0/cards/" + cardId("Office supplies") + "/iframe").json();
        String path = pagePath(iframe);
        String token = path.substring(path.lastIndexOf('/') + 1);
        String tampered = token.substring(0, token.length() - 2) + (token.endsWith("AA") ? "BB" : "AA");
        assertThat(api.as(null).get("/_sandbox/card-details/" + tampered).status()).isEqualTo(404);
        assertThat(api.as(null).get("/_sandbox/card-details/nonsense").status()).isEqualTo(404);
    }

    @Test
    void iframeFollowsTheCardsVisibilityRules() {
        ApiClient.Response webApp = api.get("/v0/cards/" + cardId("Front desk petty cash") + "/iframe");
        assertThat(webApp.status()).isEqualTo(404);
        assertThat(webApp.json().get("message").asText()).isEqualTo("Card " + cardId("Front desk petty cash") + " not found");
        assertThat(api.get("/v0/cards/card_nope/iframe").status()).isEqualTo(404);
        ApiClient one = api.as(LiveFixtures.ONE);
        assertThat(one.get("/v0/cards/" + cardId("Vaccine orders") + "/iframe").status()).isEqualTo(404);
        assertThat(one.get("/v0/cards/" + cardId("Office supplies") + "/iframe").status()).isEqualTo(200);
        assertThat(api.as(null).get("/v0/cards/" + cardId("Office supplies") + "/iframe").status()).isEqualTo(401);
    }

    @Test
    void thePageNeedsNoAuthorizationEvenWithAnAdminToken() {
        try (Sandbox guarded = Sandbox.start(SandboxConfig.builder().adminToken("secret-admin").build())) {
            ApiClient client = new ApiClient(guarded.baseUrl(), guarded.apiKey());
            JsonNode iframe = client.get("/v0/cards/" + cardId("Office supplies") + "/iframe").json();
            String url = iframe.get("url").asText();
            assertThat(client.as(null).get(url.substring(guarded.baseUrl().length())).status()).isEqualTo(200);
            assertThat(client.as(null).get("/_sandbox/clock").status()).isEqualTo(401);
        }
    }

    @Test
    void aCardIssuedAtRuntimeHasDetailsToo() {
        Map<String, Object> body = Map.of("bank_account_id", cards.get("Office supplies").get("bank_account_id").asText(),
                "nickname", "Runtime card", "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", java.util.List.of(Map.of("interval", "per_day", "amount", 1000))))));
        JsonNode card = api.post("/v0/cards", body).json();
        JsonNode iframe = api.get("/v0/cards/" + card.get("id").asText() + "/iframe").json();
        String html = api.as(null).get(pagePath(iframe)).text();
        assertThat(html).contains(CardNumbers.pan(card.get("id").asText(), card.get("last_4").asText()));
    }
}
