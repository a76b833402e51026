package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A body that failed its schema reaches the command's rules without the values the schema refused:
 * every null element (whatever its place among the others), every wrong type, in any nesting.
 */
class CommandBindingTest {
    /** A command whose rule reads every element, as InsurancePayments' PLB rule did when [null] was a 500. */
    record Items(List<Item> items, Item single) implements Command {
        @Override
        public List<String> violations() {
            List<String> out = new ArrayList<>();
            for (Item item : items == null ? List.<Item>of() : items) {
                out.add("saw " + item.name());
            }
            return out;
        }
    }

    record Item(String name) {}

    private static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theValuesTheSchemaRefusedAreTakenOutLaterOnesFirstSoIndexesHold() {
        JsonNode body = json("{\"items\":[null,{\"name\":\"a\"},null,{\"name\":\"b\"},{\"name\":\"c\"},{\"name\":\"d\"},"
                + "{\"name\":\"e\"},{\"name\":\"f\"},{\"name\":\"g\"},{\"name\":\"h\"},7,{\"name\":\"k\"}],\"single\":{\"name\":3}}");
        JsonNode kept = CommandBinding.without(body, List.of("/items/0", "/items/2", "/items/10", "/single/name"));
        assertThat(kept.toString()).isEqualTo("{\"items\":[{\"name\":\"a\"},{\"name\":\"b\"},{\"name\":\"c\"},{\"name\":\"d\"},"
                + "{\"name\":\"e\"},{\"name\":\"f\"},{\"name\":\"g\"},{\"name\":\"h\"},{\"name\":\"k\"}],\"single\":{}}");
        assertThat(body.get("items").size()).as("the body itself is left as it came").isEqualTo(12);
    }

    @Test
    void aNullElementNeverReachesARuleEvenWhereTheSchemaSaidNothingOfIt() {
        CommandBinding binding = new CommandBinding(Items.class);
        assertThat(binding.violationsOf(json("{\"items\":[null,{\"name\":\"a\"},null]}"), List.of()))
                .containsExactly("saw a");
        assertThat(binding.violationsOf(json("{\"items\":[null,{\"name\":\"a\"}]}"), List.of("/items/0")))
                .containsExactly("saw a");
    }

    @Test
    void aBodyThatPassedItsSchemaWithANullElementIsA400NotARecordHoldingANull() {
        CommandBinding binding = new CommandBinding(Items.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> binding.bind(json("{\"items\":[null]}")))
                .isInstanceOfSatisfying(io.bankssandbox.internal.state.DomainException.class, e -> {
                    assertThat(e.kind()).isEqualTo(io.bankssandbox.internal.state.DomainException.Kind.INVALID);
                    assertThat(e.messages().get(0)).startsWith("request body does not match its schema: ");
                });
    }
}
