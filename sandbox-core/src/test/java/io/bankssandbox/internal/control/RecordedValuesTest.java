package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.bankssandbox.internal.state.IdGenerator;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Ids the sandbox created, found in what a session sent and was answered, and named for the
 * scenario export. A client may send any text: a long one is scanned once, not once per position
 * (the export of a journal holding a 64 KiB string of letters hung for minutes).
 */
class RecordedValuesTest {
    private static final String CREATED = "card_"
            + String.format("%8s", Long.toString(IdGenerator.FIRST_RUNTIME_COUNTER, 36)).replace(' ', '0') + "abcdefghijkl";

    private static RecordedValues withCreatedCard() {
        RecordedValues values = new RecordedValues();
        assertThat(values.saves(JsonNodeFactory.instance.objectNode().put("id", CREATED)).toString())
                .isEqualTo("{\"card_1\":\"$.id\"}");
        return values;
    }

    @Test
    void aCreatedIdIsNamedWhereverTheTextHoldsIt() {
        RecordedValues values = withCreatedCard();
        assertThat(values.replace("/v0/cards/" + CREATED)).isEqualTo("/v0/cards/${card_1}");
        assertThat(values.replace("Card " + CREATED + " not found")).isEqualTo("Card ${card_1} not found");
        assertThat(values.replace("\"" + CREATED + "\"")).isEqualTo("\"${card_1}\"");
        assertThat(values.replace("x" + CREATED)).as("inside a longer word it is not an id").isEqualTo("x" + CREATED);
    }

    @Test
    void aLongRunOfLettersIsScannedOnce() {
        RecordedValues values = withCreatedCard();
        String letters = "a".repeat(256 * 1024);
        String underscores = "a_".repeat(128 * 1024);
        // a generous deadline for what takes milliseconds: only a scan per position (minutes) misses it
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertThat(values.replace(letters + " " + CREATED)).isEqualTo(letters + " ${card_1}");
            assertThat(values.replace(underscores + " " + CREATED)).endsWith(" ${card_1}");
            assertThat(RecordedValues.isCreatedId(letters)).isFalse();
        });
    }
}
