package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /v0/remittances?entity_id=}: one remittance per ERA, filtered and paginated. */
class RemittancesTest extends SandboxTestBase {
    private static final List<String> FIELDS = List.of("id", "entity_id", "payer", "payment", "transaction_id",
            "era_available", "received_at", "updated_at");

    private LiveFixtures fixtures;

    @BeforeEach
    void readFixtures() {
        fixtures = LiveFixtures.read(api);
    }

    private List<JsonNode> remittances(ApiClient client, String entityId, String filters, int limit) {
        return LiveFixtures.allPages(client, "/v0/remittances?entity_id=" + entityId + filters, limit);
    }

    private List<JsonNode> erasOf(String entityId) {
        List<JsonNode> eras = new ArrayList<>();
        for (JsonNode era : state().get("eras")) {
            if (era.get("entity_id").asText().equals(entityId)) {
                eras.add(era);
            }
        }
        return eras;
    }

    private static List<String> ids(List<JsonNode> items) {
        return items.stream().map(i -> i.get("id").asText()).toList();
    }

    @Test
    void oneRemittancePerEraCarryingItsPayerPaymentAndTransaction() {
        for (String entity : List.of(fixtures.riverside(), fixtures.lakeside())) {
            List<JsonNode> eras = erasOf(entity);
            List<JsonNode> listed = remittances(api, entity, "", 100);
            assertThat(listed).hasSameSizeAs(eras).isNotEmpty();
            for (JsonNode era : eras) {
                String id = "remittance_" + era.get("id").asText().substring("era_".length());
                JsonNode remittance = listed.stream().filter(r -> r.get("id").asText().equals(id)).findFirst().orElseThrow();
                assertThat(remittance.fieldNames()).toIterable().containsExactlyInAnyOrderElementsOf(FIELDS);
                assertThat(remittance.get("entity_id").asText()).isEqualTo(entity);
                assertThat(remittance.get("payer")).isEqualTo(era.get("payer"));
                assertThat(remittance.at("/payment/amount").asLong()).isEqualTo(era.at("/payment/amount").asLong());
                assertThat(remittance.at("/payment/method").asText()).isEqualTo(era.at("/payment/method").asText());
                assertThat(remittance.at("/payment/trace_number").asText()).isEqualTo(era.at("/payment/check_number").asText());
                assertThat(remittance.at("/payment/date").asText()).isEqualTo(era.at("/payment/date").asText().substring(0, 10));
                assertThat(remittance.get("transaction_id")).isEqualTo(era.get("transaction_id"));
                assertThat(remittance.get("era_available").asBoolean()).isTrue();
                assertThat(remittance.get("received_at")).isEqualTo(era.get("received_at"));
                assertThat(remittance.get("updated_at")).isEqualTo(era.get("updated_at"));
                if (!era.get("transaction_id").isNull()) {
                    assertThat(api.get("/v0/transactions/" + era.get("transaction_id").asText() + "/era").json().get("id").asText())
                            .isEqualTo(era.get("id").asText());
                }
            }
        }
    }

    @Test
    void achTraceNumberIsTheTrnOfThePaymentNotTheAchTrace() {
        JsonNode aetna = remittances(api, fixtures.riverside(), "&payer=aetna", 100).stream()
                .filter(r -> r.at("/payment/trace_number").asText().equals("883100027")).findFirst().orElseThrow();
        JsonNode transaction = api.get("/v0/transactions/" + aetna.get("transaction_id").asText()).json();
        JsonNode ach = api.get("/v0/inbound-ach-transfers/" + transaction.at("/source/inbound_ach_transfer/inbound_ach_transfer_id").asText()).json();
        assertThat(ach.get("addenda").get(0).asText()).startsWith("TRN*1*883100027*");
        assertThat(ach.get("trace_number").asText()).isNotEqualTo("883100027").hasSize(15);
    }

    @Test
    void pagesOfTwoWalkEveryRemittanceOnceNewestReceivedFirst() {
        List<JsonNode> all = remittances(api, fixtures.riverside(), "", 100);
        assertThat(all.size()).isGreaterThan(6);
        List<JsonNode> paged = remittances(api, fixtures.riverside(), "", 2);
        assertThat(ids(paged)).containsExactlyElementsOf(ids(all));
        assertThat(new HashSet<>(ids(all))).hasSize(all.size());
        for (int i = 1; i < all.size(); i++) {
            assertThat(Instant.parse(all.get(i - 1).get("received_at").asText()))
                    .isAfterOrEqualTo(Instant.parse(all.get(i).get("received_at").asText()));
        }
        JsonNode first = api.get("/v0/remittances?entity_id=" + fixtures.riverside()).json();
        assertThat(first.get("data")).hasSize(10);
        assertThat(first.get("has_next").asBoolean()).isTrue();
    }

    @Test
    void payerFilterIsACaseInsensitiveSubstringOfTheName() {
        List<JsonNode> all = remittances(api, fixtures.riverside(), "", 100);
        for (String payer : List.of("aetna", "Shield", "HEALTH", "part b")) {
            List<JsonNode> matching = remittances(api, fixtures.riverside(), "&payer=" + payer.replace(" ", "%20"), 2);
            List<String> expected = ids(all.stream().filter(r -> r.at("/payer/name").asText().toLowerCase(Locale.ROOT)
                    .contains(payer.toLowerCase(Locale.ROOT))).toList());
            assertThat(expected).as(payer).isNotEmpty();
            assertThat(ids(matching)).as(payer).containsExactlyElementsOf(expected);
        }
        assertThat(remittances(api, fixtures.riverside(), "&payer=nobody", 2)).isEmpty();
    }

    @Test
    void aWindowEndingBeforeItStartsIsAnEmptyListNotAnError() {
        assertThat(remittances(api, fixtures.riverside(), "", 100)).isNotEmpty();
        assertThat(remittances(api, fixtures.riverside(),
                "&received_on_or_after=2026-03-02&received_on_or_before=2026-03-01", 100)).isEmpty();
    }

    @Test
    void receivedDatesAreInclusiveWholeUtcDays() {
        List<JsonNode> all = remittances(api, fixtures.riverside(), "", 100);
        // a remittance received late in its UTC day (the fixtures have some after 23:00)
        JsonNode late = all.stream().filter(r -> r.get("received_at").asText().substring(11).startsWith("23"))
                .findFirst().orElseThrow();
        String day = late.get("received_at").asText().substring(0, 10);
        List<JsonNode> thatDay = remittances(api, fixtures.riverside(),
                "&received_on_or_after=" + day + "&received_on_or_before=" + day, 2);
        assertThat(ids(thatDay)).contains(late.get("id").asText())
                .allSatisfy(id -> assertThat(all.stream().filter(r -> r.get("id").asText().equals(id)).findFirst()
                        .orElseThrow().get("received_at").asText()).startsWith(day));
        String next = java.time.LocalDate.parse(day).plusDays(1).toString();
        assertThat(ids(remittances(api, fixtures.riverside(), "&received_on_or_after=" + next, 100)))
                .doesNotContain(late.get("id").asText());
        String previous = java.time.LocalDate.parse(day).minusDays(1).toString();
        assertThat(ids(remittances(api, fixtures.riverside(), "&received_on_or_before=" + previous, 100)))
                .doesNotContain(late.get("id").asText());
        // a timestamp is exact
        String at = late.get("received_at").asText();
        assertThat(ids(remittances(api, fixtures.riverside(), "&received_on_or_before=" + at, 100))).contains(late.get("id").asText());
        String justBefore = Instant.parse(at).minusMillis(1).toString();
        assertThat(ids(remittances(api, fixtures.riverside(), "&received_on_or_before=" + justBefore, 100)))
                .doesNotContain(late.get("id").asText());
    }

    @Test
    void updatedSinceIsInclusiveAndSeesAPaymentSettle() {
        List<JsonNode> all = remittances(api, fixtures.riverside(), "", 100);
        JsonNode some = all.get(3);
        String at = some.get("updated_at").asText();
        assertThat(ids(remittances(api, fixtures.riverside(), "&updated_since=" + at, 100))).contains(some.get("id").asText())
                .allSatisfy(id -> assertThat(Instant.parse(all.stream().filter(r -> r.get("id").asText().equals(id))
                        .findFirst().orElseThrow().get("updated_at").asText())).isAfterOrEqualTo(Instant.parse(at)));
        String later = Instant.parse(at).plusMillis(1).toString();
        assertThat(ids(remittances(api, fixtures.riverside(), "&updated_since=" + later, 100))).doesNotContain(some.get("id").asText());

        // an insurance payment's ERA arrives before its money: no transaction until the ACH is accepted
        JsonNode created = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(),
                "payer", Map.of("name", "HUMANA", "id", "1610284880"),
                "claims", List.of(Map.of("patient_control_number", "PCN-9", "charged_amount", 10_000, "paid_amount", 10_000,
                        "patient", Map.of("name", "ROBIN DOE", "subscriber_id", "H1"), "service_date", "2026-02-25")))).json();
        String id = "remittance_" + created.at("/era/id").asText().substring("era_".length());
        JsonNode pending = remittances(api, fixtures.riverside(), "&payer=humana", 10).get(0);
        assertThat(pending.get("id").asText()).isEqualTo(id);
        assertThat(pending.get("transaction_id").isNull()).isTrue();
        String now = api.get("/_sandbox/clock").json().get("now").asText();
        control.post("/_sandbox/inbound-ach-transfers/" + created.at("/inbound_ach_transfer/id").asText() + "/accept", Map.of(), null);
        List<JsonNode> updated = remittances(api, fixtures.riverside(), "&updated_since=" + now, 10);
        assertThat(ids(updated)).contains(id);
        JsonNode settled = updated.stream().filter(r -> r.get("id").asText().equals(id)).findFirst().orElseThrow();
        assertThat(settled.get("transaction_id").asText()).startsWith("transaction_");
    }

    @Test
    void badFiltersAndIdsAre400() {
        String riverside = fixtures.riverside();
        for (String bad : List.of("updated_since=yesterday", "received_on_or_after=2026-13-01", "received_on_or_before=02/03/2026",
                "limit=0", "limit=101", "cursor=forged", "payer=")) {
            ApiClient.Response response = api.get("/v0/remittances?entity_id=" + riverside + "&" + bad);
            assertThat(response.status()).as(bad).isEqualTo(400);
        }
        ApiClient.Response both = api.get("/v0/remittances?entity_id=" + riverside + "&updated_since=x&received_on_or_before=y");
        assertThat(both.json().get("message")).hasSize(2);
        assertThat(api.get("/v0/remittances").status()).as("entity_id is required").isEqualTo(400);
        assertThat(api.get("/v0/remittances?entity_id=acme").status()).isEqualTo(400);
    }

    @Test
    void anotherEntitysRemittancesAreNotFoundAndAKeyIsNeeded() {
        ApiClient one = api.as(ONE);
        assertThat(remittances(one, fixtures.riverside(), "", 5)).hasSameSizeAs(erasOf(fixtures.riverside()));
        ApiClient.Response hidden = one.get("/v0/remittances?entity_id=" + fixtures.lakeside());
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Entity " + fixtures.lakeside() + " not found");
        assertThat(api.get("/v0/remittances?entity_id=entity_nope").status()).isEqualTo(404);
        assertThat(api.as(null).get("/v0/remittances?entity_id=" + fixtures.riverside()).status()).isEqualTo(401);
        // each list holds only its entity's remittances
        List<String> lakeside = ids(remittances(api, fixtures.lakeside(), "", 5));
        assertThat(lakeside).isNotEmpty().doesNotContainAnyElementsOf(ids(remittances(api, fixtures.riverside(), "", 100)));
    }
}
