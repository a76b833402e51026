package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The served document means one thing to every reader. A {@code $ref} beside other keywords is read by
 * JSON Schema 2020-12 (and our validator) as both applying, but some tools that generate requests from
 * an OpenAPI document replace the referenced schema's keywords with the ones beside it: a property
 * narrowed beside a {@code $ref} ({@code "properties": {"id": {"pattern": ...}}}) then loses its type,
 * and such a tool took a held card authorization with a null {@code id} for valid while the sandbox
 * refused it. Narrowing is written with {@code allOf}, which every reader reads alike; beside a
 * {@code $ref} stand only words that add to it under either reading.
 */
class OneReadingOfEachSchemaTest {
    private static final Set<String> BESIDE_A_REF = Set.of("description", "$comment", "title", "default", "required",
            "unevaluatedProperties", "x-message");

    @Test
    void noRefSharesItsSchemaWithKeywordsAToolCouldReadAsReplacingIt() {
        List<String> ambiguous = new ArrayList<>();
        walk(Contracts.openApi().served(), "#", ambiguous);
        assertThat(ambiguous).isEmpty();
    }

    private static void walk(JsonNode node, String pointer, List<String> ambiguous) {
        if (node.isObject()) {
            if (node.has("$ref")) {
                node.fieldNames().forEachRemaining(name -> {
                    if (!name.equals("$ref") && !BESIDE_A_REF.contains(name)) {
                        ambiguous.add(pointer + ": " + name + " beside $ref " + node.get("$ref").asText());
                    }
                });
            }
            node.fields().forEachRemaining(field -> walk(field.getValue(), pointer + "/" + field.getKey(), ambiguous));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, ambiguous);
            }
        }
    }
}
