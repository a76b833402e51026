package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.openapi.SchemaValidator;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every answer against the OpenAPI document the sandbox serves at
 * {@code /_sandbox/openapi.json}: the operation is found by matching the path to a template, the
 * response by status, and the body must validate against the documented schema. An undocumented
 * status or a body that does not match fails the test.
 */
public final class OpenApiContract {
    private static final Map<String, OpenApiContract> BY_SERVER = new ConcurrentHashMap<>();

    private final JsonNode document;
    private final SchemaValidator validator;

    private OpenApiContract(JsonNode document) {
        this.document = document;
        this.validator = new SchemaValidator(document, "https://bankssandbox.io/served-openapi.json");
    }

    public static OpenApiContract forSandbox(String baseUrl) {
        return BY_SERVER.computeIfAbsent(baseUrl, url -> {
            try {
                HttpResponse<byte[]> response = HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create(url + "/_sandbox/openapi.json")).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                return new OpenApiContract(Json.MAPPER.readTree(response.body()));
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException("cannot read the served OpenAPI document", e);
            }
        });
    }

    public void check(ApiClient.Response response) {
        if (response.method().equals("OPTIONS")) {
            return; // CORS preflight: HTTP plumbing in front of every route, not an operation of the document
        }
        String path = response.path().split("\\?")[0];
        String template = template(path);
        if (template == null) {
            // unknown routes answer 404 in the NestJS shape
            if (response.status() != 404 && !path.equals("/_sandbox/openapi.json") && !path.startsWith("/_sandbox/ui")) {
                throw new AssertionError("no documented route for " + path + " but answered " + response.status());
            }
            return;
        }
        JsonNode operation = document.path("paths").path(template).path(response.method().toLowerCase());
        if (operation.isMissingNode()) {
            if (response.status() != 404) {
                throw new AssertionError(response.method() + " " + template + " is not documented but answered " + response.status());
            }
            return;
        }
        JsonNode documented = operation.path("responses").path(String.valueOf(response.status()));
        if (documented.isMissingNode()) {
            if (response.status() == 404 && response.text().contains("Cannot ")) {
                return;
            }
            // errors every route can give (rate limit, faults, oversize bodies, request line or headers over 8 KiB)
            // are documented once, not per route
            if (List.of(413, 414, 429, 431).contains(response.status()) || response.status() >= 500) {
                return;
            }
            throw new AssertionError("status " + response.status() + " of " + response.method() + " " + template
                    + " is not documented; body: " + response.text());
        }
        JsonNode content = documented.path("content");
        String type = response.header("Content-Type").orElse("");
        if (response.bytes().length > 0 && isText(type) && !type.toLowerCase(java.util.Locale.ROOT).replace(" ", "").contains(";charset=utf-8")) {
            throw new AssertionError(response.method() + " " + template + " " + response.status()
                    + " answered text without saying it is UTF-8: Content-Type " + type);
        }
        if (!content.has("application/json") || (!type.startsWith("application/json") && content.size() > 1)) {
            // a documented non-JSON answer (a PDF, an X12 835, a YAML scenario) must come with the documented media type
            for (Iterator<String> types = content.fieldNames(); types.hasNext(); ) {
                String documentedType = types.next();
                if (type.startsWith(documentedType)) {
                    checkYaml(response, template, documentedType, content.path(documentedType));
                    return;
                }
            }
            if (content.size() > 0) {
                throw new AssertionError(response.method() + " " + template + " " + response.status()
                        + " answered Content-Type " + type + ", documented: " + content.fieldNames().next());
            }
            return;
        }
        String ref = content.path("application/json").path("schema").path("$ref").asText(null);
        if (ref == null) {
            return;
        }
        List<String> violations = validator.validate(ref, response.json());
        if (!violations.isEmpty()) {
            throw new AssertionError(response.method() + " " + template + " " + response.status()
                    + " does not match " + ref + ": " + violations + "\nbody: " + response.text());
        }
    }

    /** A YAML answer whose schema the document gives is that schema's, as YAML. */
    private void checkYaml(ApiClient.Response response, String template, String mediaType, JsonNode media) {
        String ref = media.path("schema").path("$ref").asText(null);
        if (!mediaType.equals("application/yaml") || ref == null) {
            return;
        }
        JsonNode body;
        try {
            body = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(response.bytes());
        } catch (IOException e) {
            throw new AssertionError(response.method() + " " + template + " answered YAML that does not parse: " + e);
        }
        List<String> violations = validator.validate(ref, body);
        if (!violations.isEmpty()) {
            throw new AssertionError(response.method() + " " + template + " " + response.status()
                    + " (YAML) does not match " + ref + ": " + violations);
        }
    }

    /** Media types whose body is text: they must say their charset. */
    static boolean isText(String contentType) {
        String type = contentType.toLowerCase(java.util.Locale.ROOT);
        return type.startsWith("text/") || type.startsWith("application/json") || type.contains("+json")
                || type.contains("+xml") || type.startsWith("application/yaml") || type.startsWith("application/xml")
                || type.startsWith("application/javascript");
    }

    private String template(String path) {
        String best = null;
        for (Iterator<String> it = document.path("paths").fieldNames(); it.hasNext(); ) {
            String candidate = it.next();
            if (matches(candidate, path) && (best == null || literalLength(candidate) > literalLength(best))) {
                best = candidate;
            }
        }
        return best;
    }

    private static int literalLength(String template) {
        return template.replaceAll("\\{[^}]+}", "").length();
    }

    private static boolean matches(String template, String path) {
        String[] t = template.split("/");
        String[] p = path.split("/", -1);
        if (t.length != p.length) {
            return false;
        }
        for (int i = 0; i < t.length; i++) {
            if (!(t[i].startsWith("{") || t[i].equals(p[i]))) {
                return false;
            }
        }
        return true;
    }
}
