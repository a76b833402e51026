package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.OpenApiContract;
import java.util.Locale;
import java.util.Set;

/**
 * The property every answer must have, whatever was asked: not a 5xx, a status the document lists
 * for the route (or one every route can give: 404 for an unknown route, 413 for a body over 1 MiB, 414/431 for a request line or headers over 8 KiB, 429), a body of the
 * documented type (JSON unless the route documents another), valid against its schema.
 */
final class DocumentedAnswers {
    private static final Set<Integer> ANY_ROUTE = Set.of(404, 413, 414, 429, 431);

    private final RouteCatalog catalog;
    private final OpenApiContract contract;

    DocumentedAnswers(RouteCatalog catalog, String baseUrl) {
        this.catalog = catalog;
        this.contract = OpenApiContract.forSandbox(baseUrl);
    }

    void check(MalformedRequests.FuzzRequest request, ApiClient.Response response) {
        String context = request + "\n  -> " + response.status() + " " + response.header("Content-Type").orElse("<no type>")
                + " " + RawHttp.abbreviate(response.text());
        if (response.status() >= 500) {
            throw new AssertionError("server error for " + context);
        }
        if (response.status() < 200 || response.status() >= 300 && response.status() < 400) {
            throw new AssertionError("neither a success nor a client error for " + context);
        }
        String type = response.header("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        RouteCatalog.Route route = request.route();
        boolean sameOperation = request.method().equals(route.method());
        Set<String> documentedTypes = sameOperation ? route.responses().get(response.status()) : null;
        // a target that is not a valid URI (NUL, bad percent-encoding or UTF-8) or a header with control
        // characters is refused by the HTTP layer before routing, as NestJS does when it cannot decode a parameter
        boolean undecodable = response.status() == 400 && (!request.target().matches("[\\x21-\\x7e&&[^%]]*")
                || request.headers().values().stream().anyMatch(v -> !v.matches("[\\x20-\\x7e]*")));
        if (sameOperation && documentedTypes == null && !ANY_ROUTE.contains(response.status()) && !undecodable) {
            throw new AssertionError("status " + response.status() + " is not documented for " + route + ": " + context);
        }
        // a route may document JSON and another type (the journal as a YAML scenario): the answer's own type decides
        boolean otherDocumentedType = documentedTypes != null && documentedTypes.stream()
                .anyMatch(t -> !t.equals("application/json") && type.startsWith(t));
        boolean json = documentedTypes == null || documentedTypes.isEmpty()
                || documentedTypes.contains("application/json") && !otherDocumentedType;
        if (json) {
            if (!type.startsWith("application/json")) {
                throw new AssertionError("answer is not JSON: " + context);
            }
            try {
                JsonNode body = response.json();
                if (body == null || !body.isObject()) {
                    throw new AssertionError("answer is not a JSON object: " + context);
                }
            } catch (IllegalStateException e) {
                throw new AssertionError("answer does not parse as JSON: " + context, e);
            }
        } else if (documentedTypes.stream().noneMatch(type::startsWith)) {
            throw new AssertionError("answer type is not one of " + documentedTypes + ": " + context);
        }
        if (undecodable || documentedTypes == null && ANY_ROUTE.contains(response.status())) {
            return; // not a route's own answer: the JSON object checked above is all there is to check
        }
        try {
            contract.check(response);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n  request: " + request, e);
        }
    }

    RouteCatalog catalog() {
        return catalog;
    }
}
