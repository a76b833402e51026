package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The scenario format's JSON Schema served beside the OpenAPI document, and the journal's export in JSON and YAML. */
class ScenarioFormatTest extends SandboxTestBase {

    private static Schema compile(byte[] schema) {
        String text = new String(schema, StandardCharsets.UTF_8);
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                builder -> builder.schemas(Map.of("https://bankssandbox.io/scenario-schema.json", text)));
        return registry.getSchema(SchemaLocation.of("https://bankssandbox.io/scenario-schema.json"));
    }

    @Test
    void theScenarioSchemaIsServedBesideTheOpenApiDocumentAsTheFileReplayReads() throws Exception {
        ApiClient.Response served = control.get("/_sandbox/scenario-schema.json");
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/schema+json"));
        assertThat(served.bytes()).isEqualTo(ScenarioSchemaFile.bytes());
        JsonNode schema = served.json();
        assertThat(schema.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        JsonNode openApi = control.get("/_sandbox/openapi.json").json();
        assertThat(openApi.at("/paths/~1_sandbox~1scenario-schema.json/get/responses/200/content").has("application/schema+json")).isTrue();
    }

    @Test
    void everyShippedScenarioIsValidUnderTheSchemaAndATypoIsNot() throws Exception {
        Schema schema = compile(ScenarioSchemaFile.bytes());
        // the fixtures module's sources: on the classpath they may sit inside its jar
        Path shipped = Path.of("..", "fixtures", "src", "main", "resources", "io", "bankssandbox", "scenarios");
        List<Path> files;
        try (Stream<Path> found = Files.list(shipped)) {
            files = found.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(5);
        for (Path file : files) {
            assertThat(schema.validate(Json.MAPPER.readTree(Files.readAllBytes(file)))).as(file.toString()).isEmpty();
        }
        JsonNode typo = Json.MAPPER.readTree("{\"steps\":[{\"request\":{\"method\":\"GET\",\"path\":\"/v0/entities\"},"
                + "\"expect\":{\"stauts\":200}}]}");
        assertThat(schema.validate(typo)).singleElement()
                .satisfies(error -> assertThat(error.getInstanceLocation().toString()).isEqualTo("/steps/0/expect"));
    }

    @Test
    void theSchemaIsAControlRouteBehindTheAdminToken() {
        try (Sandbox guarded = Sandbox.start(SandboxConfig.builder().adminToken("scenario-admin").build())) {
            ApiClient anonymous = new ApiClient(guarded.baseUrl(), null);
            assertThat(anonymous.get("/_sandbox/scenario-schema.json").status()).isEqualTo(401);
            assertThat(anonymous.as("scenario-admin").get("/_sandbox/scenario-schema.json").status()).isEqualTo(200);
        }
    }

    @Test
    void theJournalExportsAsYamlWithTheSameContentAsJson() throws Exception {
        String account = riversideOperatingAccountId();
        api.post("/v0/cards", cardBody(account), "yaml-export-0001");
        control.post("/_sandbox/clock/advance", Map.of("by", "PT1H"), null);
        api.get("/v0/cards?limit=1");
        JsonNode json = control.get("/_sandbox/requests?format=scenario").json();
        ApiClient.Response yaml = control.get("/_sandbox/requests?format=scenario-yaml");
        assertThat(yaml.status()).isEqualTo(200);
        assertThat(yaml.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/yaml"));
        assertThat(yaml.text()).startsWith("# ").contains("replay");
        assertThat(new YAMLMapper().readTree(yaml.text())).isEqualTo(json);
        assertThat(compile(ScenarioSchemaFile.bytes()).validate(json)).isEmpty();
        assertThat(control.get("/_sandbox/requests?format=xml").status()).isEqualTo(400);
    }
}
