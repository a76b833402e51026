package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.state.Json;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Transaction} exposes every id a transaction's source can carry, for every category of the
 * contract: read from the OpenAPI document, each {@code source.<category>.<name>_id} has its accessor
 * {@code <name>Id()} answering it (and the others null), and each category its constant. A category or
 * an id added to the document without its accessor fails here.
 */
class TransactionSourceTest {
    private static final JsonNode ALTERNATIVES = Contracts.openApi().document()
            .at("/components/schemas/TransactionSource/oneOf");

    /** Every id accessor of the record: the public no-argument String methods ending in Id. */
    private static List<Method> idAccessors() {
        List<Method> accessors = new ArrayList<>();
        for (Method method : Transaction.class.getDeclaredMethods()) {
            if (java.lang.reflect.Modifier.isPublic(method.getModifiers()) && method.getParameterCount() == 0
                    && method.getReturnType() == String.class && method.getName().endsWith("Id")
                    && !List.of("id", "accountId", "sourceId").contains(method.getName())) {
                accessors.add(method);
            }
        }
        return accessors;
    }

    private static String camel(String snake) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }

    @Test
    void everyIdOfEverySourceCategoryHasItsAccessor() throws Exception {
        assertThat(ALTERNATIVES.isArray() && !ALTERNATIVES.isEmpty()).as("the document lists the categories").isTrue();
        List<String> covered = new ArrayList<>();
        for (JsonNode alternative : ALTERNATIVES) {
            String category = alternative.at("/properties/category/const").asText();
            JsonNode idFields = alternative.at("/properties/" + category + "/properties");
            Map<String, String> ids = new LinkedHashMap<>();
            idFields.fieldNames().forEachRemaining(field -> ids.put(field, field.replace("_id", "_") + "000001"));
            Transaction typed = Values.transactionInBody(transaction(category, ids));

            assertThat(typed.category()).isEqualTo(category);
            for (Method accessor : idAccessors()) {
                String field = ids.keySet().stream().filter(f -> camel(f).equals(accessor.getName())).findFirst()
                        .orElse(null);
                assertThat(accessor.invoke(typed)).as("%s of a %s", accessor.getName(), category)
                        .isEqualTo(field == null ? null : ids.get(field));
                if (field != null) {
                    covered.add(category + "." + field);
                }
            }
            assertThat(covered).as("every id under %s has an accessor", category)
                    .containsAll(ids.keySet().stream().map(f -> category + "." + f).toList());
            // the record's own id first, as sourceId; null for an opening balance
            assertThat(typed.sourceId()).isEqualTo(ids.isEmpty() ? null : ids.values().iterator().next());
        }
        assertThat(covered).contains("card_settlement.card_authorization_id", "ach_transfer_return.ach_transfer_id",
                "ach_transfer_rejection.ach_transfer_id", "internal_transfer.book_transfer_id");
    }

    @Test
    void aCardSettlementWithoutItsOptionalAuthorizationHasNone() {
        Transaction typed = Values.transactionInBody(transaction(Transaction.CARD_SETTLEMENT,
                Map.of("card_id", "card_1")));
        assertThat(typed.cardId()).isEqualTo("card_1");
        assertThat(typed.cardAuthorizationId()).isNull();
        assertThat(typed.achTransferId()).isNull();
    }

    /** A transaction's JSON with this source, the rest fixed. */
    private static JsonNode transaction(String category, Map<String, String> ids) {
        ObjectNode t = Json.MAPPER.createObjectNode();
        t.put("id", "transaction_1").put("account_id", "account_1").put("amount", 100)
                .put("occurred_at", "2026-03-02T15:00:00Z").put("description", "x");
        ObjectNode source = t.putObject("source");
        source.put("category", category);
        ObjectNode under = source.putObject(category);
        ids.forEach(under::put);
        t.putNull("counterparty");
        return t;
    }
}
