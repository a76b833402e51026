package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A refusal as the served document names it: its words, and whether an {@code x-rules} entry covers them. */
final class DocumentedRefusals {
    private DocumentedRefusals() {}

    /** Whether the operation's {@code x-rules}, or the document's, name this refusal: each of its messages. */
    static boolean namedRule(JsonNode document, RouteCatalog.Route route, int status, String message) {
        JsonNode operation = document.at(ContractPropertyTest.operationPointer(route).substring(1));
        return message.lines().allMatch(line -> {
            for (JsonNode rules : List.of(operation.path("x-rules"), document.path("x-rules"))) {
                for (JsonNode rule : rules) {
                    if (rule.path("status").asInt() == status
                            && Pattern.compile(rule.path("message").asText()).matcher(line).find()) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    /** The refusal's words: the message (each of a list, joined by a line break), or the {error} shape's. */
    static String message(ApiClient.Response answer) {
        JsonNode json = answer.json();
        JsonNode message = json.has("message") ? json.get("message") : json.path("error");
        if (message.isArray()) {
            List<String> lines = new ArrayList<>();
            message.forEach(m -> lines.add(m.asText()));
            return String.join("\n", lines);
        }
        return message.asText();
    }
}
