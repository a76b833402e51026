package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /v0/entities/{id}/mail}: provider mail seen from the entity, paginated. */
class EntityMailTest extends SandboxTestBase {
    private LiveFixtures fixtures;

    @BeforeEach
    void readFixtures() {
        fixtures = LiveFixtures.read(api);
    }

    private List<JsonNode> entityMail(ApiClient client, String entityId, String query, int limit) {
        return LiveFixtures.allPages(client, "/v0/entities/" + entityId + "/mail" + query, limit);
    }

    private static List<String> ids(List<JsonNode> items) {
        return items.stream().map(i -> i.get("id").asText()).toList();
    }

    @Test
    void entityMailIsProviderMailNamingTheEntityInsteadOfTheProvider() {
        for (String entity : List.of(fixtures.riverside(), fixtures.lakeside())) {
            List<JsonNode> provider = new ArrayList<>();
            api.get("/v0/providers/" + entity + "/mail").json().get("data").forEach(provider::add);
            List<JsonNode> mail = entityMail(api, entity, "", 100);
            assertThat(ids(mail)).containsExactlyElementsOf(ids(provider));
            for (int i = 0; i < mail.size(); i++) {
                JsonNode item = mail.get(i);
                assertThat(item.fieldNames()).toIterable()
                        .containsExactlyInAnyOrder("id", "entity_id", "file_id", "amount", "checks", "received_at");
                assertThat(item.get("entity_id").asText()).isEqualTo(entity);
                ObjectNode asProvider = provider.get(i).deepCopy();
                asProvider.remove("provider_id");
                ObjectNode asEntity = item.deepCopy();
                asEntity.remove("entity_id");
                assertThat(asEntity).isEqualTo(asProvider);
            }
        }
    }

    @Test
    void pagesOfTwoWalkEveryItemOnceNewestFirst() {
        List<JsonNode> all = entityMail(api, fixtures.riverside(), "", 100);
        assertThat(all.size()).as("riverside's mail spans three pages of two").isGreaterThan(4);
        List<JsonNode> paged = entityMail(api, fixtures.riverside(), "", 2);
        assertThat(ids(paged)).containsExactlyElementsOf(ids(all));
        assertThat(new HashSet<>(ids(paged))).hasSize(paged.size());
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i - 1).get("received_at").asText()).isGreaterThanOrEqualTo(all.get(i).get("received_at").asText());
        }
        JsonNode first = api.get("/v0/entities/" + fixtures.riverside() + "/mail?limit=2").json();
        assertThat(first.get("has_next").asBoolean()).isTrue();
        assertThat(first.get("cursor").isTextual()).isTrue();
    }

    @Test
    void defaultPageIsTenAndLimitAndCursorAreChecked() {
        JsonNode page = api.get("/v0/entities/" + fixtures.riverside() + "/mail").json();
        assertThat(page.get("data").size()).isLessThanOrEqualTo(10);
        assertThat(page.get("has_next").asBoolean()).isFalse();
        assertThat(page.get("cursor").isNull()).isTrue();
        // fill the lockbox past ten items: the default page holds ten
        for (int i = 0; i < 6; i++) {
            assertThat(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail", Map.of()).status()).isEqualTo(201);
        }
        JsonNode full = api.get("/v0/entities/" + fixtures.riverside() + "/mail").json();
        assertThat(full.get("data")).hasSize(10);
        assertThat(full.get("has_next").asBoolean()).isTrue();
        for (String bad : List.of("limit=0", "limit=101", "limit=ten", "cursor=forged")) {
            ApiClient.Response response = api.get("/v0/entities/" + fixtures.riverside() + "/mail?" + bad);
            assertThat(response.status()).as(bad).isEqualTo(400);
        }
    }

    @Test
    void receivedFiltersAreInclusiveAndADateBeforeIncludesTheWholeDay() {
        String riverside = fixtures.riverside();
        // fixture mail arrived 2026-02-24T11:05Z with one rejected check
        assertThat(ids(entityMail(api, riverside, "?received.on_or_before=2026-02-24&received.on_or_after=2026-02-24", 2)))
                .hasSize(1);
        assertThat(entityMail(api, riverside, "?received.on_or_before=2026-02-24T11:05:00Z&received.on_or_after=2026-02-24T11:05:00Z", 2))
                .hasSize(1);
        assertThat(entityMail(api, riverside, "?received.on_or_before=2026-02-24T11:04:59.999Z&received.on_or_after=2026-02-24", 2))
                .isEmpty();
        List<JsonNode> after = entityMail(api, riverside, "?received.on_or_after=2026-02-24", 2);
        assertThat(after).isNotEmpty()
                .allSatisfy(m -> assertThat(m.get("received_at").asText()).isGreaterThanOrEqualTo("2026-02-24"));
        List<JsonNode> before = entityMail(api, riverside, "?received.on_or_before=2026-02-20", 1);
        assertThat(before).isNotEmpty()
                .allSatisfy(m -> assertThat(m.get("received_at").asText()).isLessThan("2026-02-21"));
        assertThat(entityMail(api, riverside, "?received.on_or_after=2026-03-01&received.on_or_before=2026-02-01", 2)).isEmpty();
        for (String bad : List.of("received.on_or_after=yesterday", "received.on_or_before=2026-02-30",
                "received.on_or_before=2026-02-24T25:00:00Z")) {
            ApiClient.Response response = api.get("/v0/entities/" + riverside + "/mail?" + bad);
            assertThat(response.status()).as(bad).isEqualTo(400);
            assertThat(response.json().get("message").get(0).asText()).contains("must be an ISO 8601 timestamp or a date");
        }
    }

    @Test
    void simulatedMailIsListedFirst() {
        JsonNode created = control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 4_200)))).json();
        JsonNode first = api.get("/v0/entities/" + fixtures.riverside() + "/mail?limit=1").json().get("data").get(0);
        assertThat(first.get("id").asText()).isEqualTo(created.get("id").asText());
        assertThat(first.get("amount").asLong()).isEqualTo(4_200);
        assertThat(first.get("file_id").asText()).isEqualTo(created.get("file_id").asText());
    }

    @Test
    void anEntityWithoutALockboxHasNoMail() {
        JsonNode page = api.get("/v0/entities/" + fixtures.harbor() + "/mail").json();
        assertThat(page.get("data")).isEmpty();
        assertThat(page.get("has_next").asBoolean()).isFalse();
    }

    @Test
    void anotherEntitysMailIsNotFoundAndAKeyIsNeeded() {
        ApiClient one = api.as(ONE);
        assertThat(one.get("/v0/entities/" + fixtures.riverside() + "/mail").status()).isEqualTo(200);
        ApiClient.Response hidden = one.get("/v0/entities/" + fixtures.lakeside() + "/mail");
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Entity " + fixtures.lakeside() + " not found");
        ApiClient.Response unknown = api.get("/v0/entities/entity_nope/mail");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Entity entity_nope not found");
        assertThat(api.as(null).get("/v0/entities/" + fixtures.riverside() + "/mail").status()).isEqualTo(401);
        assertThat(api.as("lm_key_wrong").get("/v0/entities/" + fixtures.riverside() + "/mail").status()).isEqualTo(401);
    }
}
