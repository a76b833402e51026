package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * JSON as the repository's files and docs lay it out: two-space indentation, one array element a
 * line, {@code "name": value}, {@code []} and {@code {}} when empty. What the build writes into a
 * checked-in file (the examples, the reference page's answers) is written so.
 */
public final class JsonLayout {
    private JsonLayout() {}

    public static String write(JsonNode node) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        printer.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        printer.indentObjectsWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        try {
            return Json.MAPPER.writer(printer).writeValueAsString(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
