package io.bankssandbox.internal.control;

import io.bankssandbox.Card;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Era;
import io.bankssandbox.Transaction;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** What the typed read tests share: the API's answer and the typed value side by side, in one spelling, and every page of a list. */
abstract class TypedReadsTestBase extends SandboxTestBase {

    /**
     * A typed value written as the API writes its answers, in the API's spelling where the record's
     * differs: an address's {@code postalCode} as the vendor spells it, no {@code provider} (the record's
     * {@code isProvider()}, derived from the npi), and {@code addenda} left out when empty, as the API
     * leaves them out.
     */
    static JsonNode asApiWritesIt(Object answer) throws Exception {
        JsonNode tree = Json.MAPPER.readTree(Json.ANSWERS.writeValueAsBytes(answer));
        if (tree.isArray()) {
            tree.forEach(TypedReadsTest::inApiSpelling);
        } else {
            inApiSpelling(tree);
        }
        return tree;
    }

    static void inApiSpelling(JsonNode item) {
        ObjectNode object = (ObjectNode) item;
        object.remove("provider");
        if (object.path("addenda").isArray() && object.get("addenda").isEmpty()) {
            object.remove("addenda");
        }
        // an ERA's JSON has provider_adjustments only when there are any; the typed Era has an empty list
        if (object.path("provider_adjustments").isArray() && object.get("provider_adjustments").isEmpty()) {
            object.remove("provider_adjustments");
        }
        if (object.get("address") instanceof ObjectNode address && address.has("postal_code")) {
            address.set("postalCode", address.remove("postal_code"));
        }
    }

    /** The typed transaction the API's JSON of one describes: each of its fields, and the one id under its source and counterparty. */
    static Transaction asTyped(JsonNode t) {
        String category = t.get("source").get("category").asText();
        JsonNode counterparty = t.get("counterparty");
        Transaction.Counterparty other = counterparty == null || counterparty.isNull() ? null
                : new Transaction.Counterparty(counterparty.get("type").asText(),
                        onlyValue(counterparty.get(counterparty.get("type").asText())));
        JsonNode ids = t.get("source").get(category);
        String authorization = ids.has("card_authorization_id") ? ids.get("card_authorization_id").asText() : null;
        return new Transaction(t.get("id").asText(), t.get("account_id").asText(), t.get("amount").asLong(),
                Instant.parse(t.get("occurred_at").asText()), t.get("description").asText(), category,
                firstValue(ids), authorization, other);
    }

    /** The record's own id, first under its source; a card settlement's authorization id may follow it. */
    static String firstValue(JsonNode ids) {
        if (ids == null || !ids.isObject() || ids.isEmpty()) {
            return null;
        }
        Iterator<JsonNode> values = ids.elements();
        String value = values.next().asText();
        assertThat(ids.size()).as("ids under %s", ids).isLessThanOrEqualTo(ids.has("card_authorization_id") ? 2 : 1);
        return value;
    }

    static String onlyValue(JsonNode ids) {
        if (ids == null || !ids.isObject() || ids.isEmpty()) {
            return null;
        }
        Iterator<JsonNode> values = ids.elements();
        String value = values.next().asText();
        assertThat(values.hasNext()).as("one id under %s", ids).isFalse();
        return value;
    }

    /** Every item of a /v0 list over HTTP, page after page. */
    List<JsonNode> everyPage(String path) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            String separator = path.contains("?") ? "&" : "?";
            JsonNode page = api.get(path + separator + "limit=7" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(items::add);
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        return items;
    }

    /** The first fixture card issued through {@code via} (the API has no card listing). */
    String cardIssuedVia(String via) {
        for (JsonNode card : sandbox.exportState().get("cards")) {
            if (via.equals(card.get("issued_via").asText())) {
                return card.get("id").asText();
            }
        }
        throw new IllegalStateException("the default fixtures have no card issued via " + via);
    }

    /** The typed card the API's JSON of one describes. */
    static Card cardAsTyped(JsonNode c) {
        List<Card.SpendingLimit> limits = new ArrayList<>();
        for (JsonNode limit : c.at("/authorization_controls/usage/multi_use/spending_limits")) {
            JsonNode codes = limit.get("merchant_category_codes");
            limits.add(new Card.SpendingLimit(limit.get("interval").asText(), limit.get("amount").asLong(),
                    codes.isNull() ? null : Json.MAPPER.convertValue(codes, List.class)));
        }
        return new Card(c.get("id").asText(), Instant.parse(c.get("created_at").asText()), c.get("entity_id").asText(),
                c.get("bank_account_id").asText(), c.get("nickname").isNull() ? null : c.get("nickname").asText(),
                c.get("last_4").asText(), c.get("status").asText(), limits,
                Json.MAPPER.convertValue(c.at("/authorization_controls/merchant_category_code/blocked"), List.class));
    }

    /**
     * An ERA's JSON as the typed Era shows it: its calendar dates ({@code payment.date}, a claim's service
     * dates, written as midnight UTC) as the days they are.
     */
    static JsonNode withDays(JsonNode era) {
        ObjectNode copy = era.deepCopy();
        day((ObjectNode) copy.get("payment"), "date");
        copy.get("claims").forEach(claim -> {
            day((ObjectNode) claim, "service_date");
            day((ObjectNode) claim, "service_end_date");
        });
        return copy;
    }

    static void day(ObjectNode holder, String field) {
        JsonNode at = holder.get(field);
        if (at != null && !at.isNull()) {
            holder.put(field, java.time.LocalDate.ofInstant(Instant.parse(at.asText()), java.time.ZoneOffset.UTC).toString());
        }
    }
}
