package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationIndexTest {

    @Test
    void theBuildsIndexGivesEveryOperationAsTheDocumentDoes() {
        Map<String, OpenApiDocument.Operation> indexed = OperationIndex.read(OpenApiDocument.sources());
        List<OpenApiDocument.Operation> all = OpenApiDocument.load().allOperations();

        assertThat(indexed).as("the build writes the index (sandbox-core's process-classes)").isNotNull();
        assertThat(indexed).hasSize(all.size());
        for (OpenApiDocument.Operation operation : all) {
            assertThat(indexed.get(operation.method() + " " + operation.pathTemplate())).isEqualTo(operation);
        }
    }

    @Test
    void anIndexMadeFromOtherFilesIsNotUsed() {
        List<String> other = new ArrayList<>(OpenApiDocument.sources());
        other.remove(other.size() - 1);

        assertThat(OperationIndex.read(other)).isNull();
    }

    @Test
    void theServedDocumentAnswersAsTheParsedOneAndIsParsedWhenFirstNeeded() {
        OpenApiDocument served = OpenApiDocument.open();
        OpenApiDocument parsed = OpenApiDocument.load();

        assertThat(served.operation("POST", "/v0/cards")).isEqualTo(parsed.operation("POST", "/v0/cards"));
        assertThat(served.operation("GET", "/v0/cards/{card_id}").idempotent()).isFalse();
        assertThat(served.operation("POST", "/v0/cards").idempotent()).isTrue();
        assertThat(served.document()).isEqualTo(parsed.document());
        assertThat(served.bytes()).isEqualTo(parsed.bytes());
        assertThatThrownBy(() -> served.operation("GET", "/v0/no-such-route"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("route GET /v0/no-such-route is not in the OpenAPI document");
    }

    /** Generators of clients (the npm package's types among them) refuse a document that names two operations alike. */
    @Test
    void everyOperationIdNamesOneOperation() {
        Map<String, List<String>> byId = new HashMap<>();
        OpenApiDocument.load().document().path("paths").properties().forEach(path -> path.getValue().properties()
                .forEach(method -> {
                    JsonNode id = method.getValue().path("operationId");
                    if (id.isTextual()) {
                        byId.computeIfAbsent(id.asText(), k -> new ArrayList<>()).add(method.getKey() + " " + path.getKey());
                    }
                }));
        assertThat(byId).isNotEmpty();
        assertThat(byId).allSatisfy((id, operations) -> assertThat(operations).as(id).hasSize(1));
    }
}
