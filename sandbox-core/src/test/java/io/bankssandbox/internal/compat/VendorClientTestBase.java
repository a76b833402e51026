package io.bankssandbox.internal.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The vendor's public client's way of calling, and the checks of what it reads, shared by its read and write tests. */
abstract class VendorClientTestBase extends SandboxTestBase {

    /**
     * Calls made the way that client makes them: {@code Authorization: Bearer}, {@code Accept} JSON
     * (or any type for downloads), query parameters left out when unset, and on every POST a JSON
     * body with an {@code Idempotency-Key} derived deterministically from a caller reference.
     */
    final class VendorClient {
        ApiClient.Response get(String path, Map<String, Object> query) {
            return api.send("GET", path + query(query), null, Map.of("Accept", "application/json"));
        }

        ApiClient.Response download(String path) {
            return api.send("GET", path, null, Map.of("Accept", "*/*"));
        }

        ApiClient.Response post(String path, Map<String, Object> body, String reference) {
            return api.send("POST", path, body, Map.of("Accept", "application/json",
                    "Content-Type", "application/json", "Idempotency-Key", idempotencyKey(path, reference)));
        }

        ApiClient.Response delete(String path) {
            return api.send("DELETE", path, null, Map.of("Accept", "application/json"));
        }

        /** Every item of a list, following {@code cursor} while {@code has_next}, as the client pages. */
        List<JsonNode> all(String path, Map<String, Object> query, int limit) {
            List<JsonNode> items = new ArrayList<>();
            Map<String, Object> params = new LinkedHashMap<>(query);
            params.put("limit", limit);
            for (int pages = 0; pages < 1_000; pages++) {
                ApiClient.Response response = get(path, params);
                assertThat(response.status()).as(response.toString()).isEqualTo(200);
                JsonNode page = response.json();
                assertThat(page.get("data").isArray()).as(response.toString()).isTrue();
                assertThat(page.get("data").size()).as(response.toString()).isLessThanOrEqualTo(limit);
                page.get("data").forEach(items::add);
                assertThat(page.get("has_next").isBoolean()).as(response.toString()).isTrue();
                if (!page.get("has_next").asBoolean()) {
                    assertThat(page.get("cursor").isNull()).as(response.toString()).isTrue();
                    return items;
                }
                params.put("cursor", page.get("cursor").asText());
            }
            throw new AssertionError("pagination of " + path + " never ended");
        }

        private String query(Map<String, Object> query) {
            StringBuilder out = new StringBuilder();
            query.forEach((name, value) -> {
                if (value != null) {
                    out.append(out.length() == 0 ? '?' : '&').append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                            .append('=').append(URLEncoder.encode(String.valueOf(value), StandardCharsets.UTF_8));
                }
            });
            return out.toString();
        }

        /** 10..256 chars of [A-Za-z0-9_:-]: the reference, sanitized, plus a digest keeping it unique. */
        private String idempotencyKey(String path, String reference) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256")
                        .digest((path + ":" + reference).getBytes(StandardCharsets.UTF_8));
                return ("compat" + path + ":" + reference).replaceAll("[^A-Za-z0-9_:-]", "-") + ":"
                        + HexFormat.of().formatHex(digest, 0, 6);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    final VendorClient client = new VendorClient();

    static Map<String, Object> params(Object... nameValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            out.put((String) nameValues[i], nameValues[i + 1]);
        }
        return out;
    }

    static void text(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.path(field).isTextual()).as(field + " of " + node).isTrue();
        }
    }

    static void integer(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.path(field).isIntegralNumber()).as(field + " of " + node).isTrue();
        }
    }

    static void present(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.has(field)).as(field + " of " + node).isTrue();
        }
    }

    static JsonNode ok(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    static JsonNode created(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    static void isPdf(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type").orElse("")).startsWith("application/pdf");
        assertThat(new String(response.bytes(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    }
}
