package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.bankssandbox.internal.state.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generates requests against the documented routes, most of them wrong in one or more ways: path
 * parameters (unknown, other kinds, encoded, very long), query strings (bad limit, cursor, dates,
 * unknown and repeated parameters), Authorization and Idempotency-Key headers, Content-Type, and
 * bodies (invalid JSON, wrong types, missing and extra fields, huge numbers, deep nesting, unicode,
 * long strings). Valid values stay in the mix so requests also get past the early checks.
 */
final class MalformedRequests {
    static final String ALL = "lm_key_sandbox_all";
    static final String ONE = "lm_key_sandbox_one";

    /** One generated request. */
    record FuzzRequest(RouteCatalog.Route route, String method, String target, Map<String, String> headers,
                       byte[] body) {
        @Override
        public String toString() {
            String shownBody = body == null ? "<no body>" : RawHttp.abbreviate(new String(body, StandardCharsets.UTF_8));
            Map<String, String> shown = new LinkedHashMap<>();
            headers.forEach((k, v) -> shown.put(k, RawHttp.abbreviate(v)));
            return method + " " + RawHttp.abbreviate(target) + " " + shown + " " + shownBody;
        }
    }

    private final RouteCatalog catalog;
    private final IdBook ids;
    private final ValidBodies bodies;

    MalformedRequests(RouteCatalog catalog, IdBook ids, ValidBodies bodies) {
        this.catalog = catalog;
        this.ids = ids;
        this.bodies = bodies;
    }

    /**
     * Any route, each equally likely. One arbitrary per route, made once: a {@code flatMap} over the
     * routes made a new one for every try, so jqwik prepared that route's edge cases again at each try
     * (the cost of a try grew with the run's size).
     */
    Arbitrary<FuzzRequest> requests() {
        return Arbitraries.oneOf(catalog.routes().stream().map(this::requests).toList());
    }

    Arbitrary<FuzzRequest> requests(RouteCatalog.Route route) {
        Arbitrary<String> method = Arbitraries.frequencyOf(
                Tuple.of(20, Arbitraries.just(route.method())),
                Tuple.of(1, Arbitraries.of("GET", "POST", "PUT", "PATCH", "DELETE")));
        return Combinators.combine(method, path(route), query(route), authorization(route), idempotencyKey(route),
                        contentType(), body(route))
                .as((m, path, query, auth, key, type, body) -> {
                    Map<String, String> headers = new LinkedHashMap<>();
                    auth.ifPresent(a -> headers.put("Authorization", a));
                    key.ifPresent(k -> headers.put("Idempotency-Key", k));
                    if (body != null) {
                        type.ifPresent(t -> headers.put("Content-Type", t));
                    }
                    return new FuzzRequest(route, m, path + query, headers, body);
                });
    }

    // ------------------------------------------------------------------ path

    private Arbitrary<String> path(RouteCatalog.Route route) {
        if (route.pathParams().isEmpty()) {
            return Arbitraries.just(route.path(Map.of()));
        }
        List<Arbitrary<String>> values = new ArrayList<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            values.add(pathValue(IdBook.kindForParameter(route, param.name())));
        }
        return Combinators.combine(values).as(list -> {
            Map<String, String> byName = new LinkedHashMap<>();
            for (int i = 0; i < list.size(); i++) {
                byName.put(route.pathParams().get(i).name(), list.get(i));
            }
            return route.path(byName);
        });
    }

    Arbitrary<String> pathValue(String kind) {
        List<String> valid = kind == null ? List.of() : ids.ids(kind);
        List<String> everyId = new ArrayList<>();
        ids.kinds().forEach(k -> everyId.addAll(ids.ids(k)));
        String prefix = kind == null ? "" : kind + "_";
        return Arbitraries.frequencyOf(
                Tuple.of(valid.isEmpty() ? 0 : 6, valid.isEmpty() ? Arbitraries.just("x") : Arbitraries.of(valid)),
                Tuple.of(2, Arbitraries.of(everyId)),
                Tuple.of(2, Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(40)
                        .map(s -> prefix + s)),
                Tuple.of(2, Arbitraries.of("%2F", "..%2F..%2Fv0%2Fentities", "%00", "%25", "%ZZ", "%",
                        "%E2%82%AC", "%F0%9F%92%B8", "a%20b", "%C0%AF", "%FF%FE", ";jsessionid=1", "..", ".",
                        "%2e%2e", "a+b", "%0d%0aX-Injected:%201", "%3Cscript%3E", "null", "undefined", "0", "-1",
                        "%7B%7D", "%22%22")
                        .map(s -> prefix + s)),
                Tuple.of(1, Arbitraries.integers().between(300, 12_000).map(n -> prefix + "x".repeat(n))),
                Tuple.of(1, Arbitraries.of("ключ", "💸", "é", "\u202e", "日本").map(s -> prefix + s)));
    }

    // ------------------------------------------------------------------ query

    private Arbitrary<String> query(RouteCatalog.Route route) {
        List<Arbitrary<String>> pairs = new ArrayList<>();
        for (RouteCatalog.Param param : route.queryParams()) {
            pairs.add(queryValue(route, param).map(v -> param.name() + "=" + v));
        }
        pairs.add(Arbitraries.of("unknown=1", "limit=5&limit=7", "=", "&&", "a=%ZZ", "x=" + "y".repeat(3000),
                "cursor=", "limit=", "%00=1", "entity_id=" + bodies.riverside()));
        Arbitrary<String> pair = Arbitraries.oneOf(pairs);
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just("")),
                Tuple.of(5, pair.list().ofMinSize(1).ofMaxSize(3).map(list -> "?" + String.join("&", list))));
    }

    private Arbitrary<String> queryValue(RouteCatalog.Route route, RouteCatalog.Param param) {
        String name = param.name();
        if (name.equals("limit")) {
            return Arbitraries.oneOf(Arbitraries.integers().between(1, 100).map(String::valueOf),
                    Arbitraries.of("0", "-1", "101", "abc", "1.5", "1e2", "99999999999999999999999", "%20%35", "0x10",
                            "+5", "٣", "NaN", "5%00"));
        }
        if (name.equals("cursor")) {
            return Arbitraries.oneOf(Arbitraries.strings().alpha().numeric().ofMaxLength(60),
                    Arbitraries.of("eyJ0IjoiMjAyNi0wMS0wMSJ9", "%00", "....", "null", "-1", "e30", "%FF%FE",
                            "eyJpZCI6ImVudGl0eV8wIiwiayI6IiJ9", "x".repeat(5000)));
        }
        if (name.contains("on_or_") || name.contains("since") || name.contains("date")) {
            return Arbitraries.of("2026-01-01", "2026-01-01T00:00:00Z", "2026-13-45", "yesterday", "2026-02-30T25:00:00Z",
                    "", "99999999999999", "2026-01-01T00:00:00%2B01:00", "-999999999-01-01", "+1000000000-01-01",
                    "2026-W01", "%00", "2026-01-01T00:00:00.0000000000001Z");
        }
        if (name.endsWith("_id")) {
            String kind = name.substring(0, name.length() - 3);
            return Arbitraries.oneOf(pathValue(kind), Arbitraries.just(""));
        }
        if (param.schema().has("enum")) {
            List<String> values = new ArrayList<>();
            param.schema().get("enum").forEach(v -> values.add(v.asText()));
            values.add("nope");
            values.add("");
            return Arbitraries.of(values);
        }
        return Arbitraries.strings().ofMaxLength(30).map(s -> java.net.URLEncoder.encode(s, StandardCharsets.UTF_8));
    }

    // ------------------------------------------------------------------ headers

    private Arbitrary<Optional<String>> authorization(RouteCatalog.Route route) {
        Arbitrary<String> bad = Arbitraries.of("Bearer nope_not_a_key", "Basic bG1fa2V5X3NhbmRib3hfYWxs", ALL,
                "Bearer ", "Bearer " + ALL + "2", "Bearer  " + ALL + " x", "Token " + ALL, "Bearer " + "k".repeat(6000),
                "Bearer ключ", "Bearer\t" + ALL);
        if (route.control()) {
            // no admin token on this sandbox: whatever Authorization says is ignored
            return Arbitraries.oneOf(Arbitraries.just(Optional.<String>empty()), bad.map(Optional::of));
        }
        return Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.just(Optional.of("Bearer " + ALL))),
                Tuple.of(3, Arbitraries.just(Optional.of("Bearer " + ONE))),
                Tuple.of(1, Arbitraries.just(Optional.of("bearer " + ALL))),
                Tuple.of(1, Arbitraries.just(Optional.<String>empty())),
                Tuple.of(3, bad.map(Optional::of)));
    }

    private Arbitrary<Optional<String>> idempotencyKey(RouteCatalog.Route route) {
        Arbitrary<String> valid = Arbitraries.strings().withChars("ABCxyz0189_:-").ofMinLength(10).ofMaxLength(40)
                .map(s -> "fuzz-" + s);
        Arbitrary<String> bad = Arbitraries.of("", "short", "k".repeat(257), "key with spaces!", "ключ-ключ-ключ",
                "key\u0000-0000000", "fuzz-shared-key-0001,fuzz-shared-key-0002", "*".repeat(20));
        return Arbitraries.frequencyOf(
                Tuple.of(route.idempotent() ? 8 : 1, valid.map(Optional::of)),
                Tuple.of(2, Arbitraries.just(Optional.of("fuzz-shared-key-0001"))),
                Tuple.of(2, Arbitraries.just(Optional.<String>empty())),
                Tuple.of(3, bad.map(Optional::of)));
    }

    private Arbitrary<Optional<String>> contentType() {
        return Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.just(Optional.of("application/json"))),
                Tuple.of(1, Arbitraries.just(Optional.<String>empty())),
                Tuple.of(3, Arbitraries.of("text/plain", "application/json; charset=utf-16",
                        "application/x-www-form-urlencoded", "APPLICATION/JSON", "application/jsonp",
                        "multipart/form-data; boundary=x", "application/json;;;", "*/*", "application/xml",
                        "application/json; charset=latin1").map(Optional::of)));
    }

    // ------------------------------------------------------------------ body

    private Arbitrary<byte[]> body(RouteCatalog.Route route) {
        boolean takesBody = route.method().equals("POST") || route.method().equals("PUT");
        ObjectNode valid = bodies.forRoute(route);
        Arbitrary<byte[]> none = Arbitraries.just(null);
        Arbitrary<byte[]> mutated = mutation(valid).map(MalformedRequests::utf8);
        Arbitrary<byte[]> invalidJson = Arbitraries.of("{", "nul", "{'a':1}", "[1,2", "\u0000", "{\"a\":}",
                "{\"a\":1,}", "{\"a\" 1}", "\"unterminated", "{\"a\":1}{\"b\":2}", "{\"a\":01}", "{\"a\":NaN}",
                "{\"a\":Infinity}", "{\"a\":\"\\uZZZZ\"}", "\uFEFF{}", "{\"a\":\"\u0001\"}", "{} garbage")
                .map(MalformedRequests::utf8);
        Arbitrary<byte[]> truncated = Arbitraries.integers().between(1, Math.max(1, valid.toString().length() - 1))
                .map(n -> utf8(valid.toString().substring(0, n)));
        Arbitrary<byte[]> topLevel = Arbitraries.oneOf(weird(), Arbitraries.of("[]", "\"text\"", "42", "null", "true", ""))
                .map(MalformedRequests::utf8);
        Arbitrary<byte[]> binary = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(200);
        if (!takesBody) {
            return Arbitraries.frequencyOf(
                    Tuple.of(8, none),
                    Tuple.of(1, mutated),
                    Tuple.of(1, invalidJson));
        }
        return Arbitraries.frequencyOf(
                Tuple.of(2, none),
                Tuple.of(3, Arbitraries.just(utf8(valid.toString()))),
                Tuple.of(10, mutated),
                Tuple.of(3, invalidJson),
                Tuple.of(2, truncated),
                Tuple.of(2, topLevel),
                Tuple.of(1, binary));
    }

    /** A valid body with one to three changes: fields removed, added, or given another value. */
    private Arbitrary<String> mutation(ObjectNode valid) {
        List<String> pointers = new ArrayList<>();
        pointers(valid, "", pointers);
        Arbitrary<Change> change = Arbitraries.oneOf(
                Arbitraries.of(pointers.isEmpty() ? List.of("/nickname") : pointers).map(Change::remove),
                Combinators.combine(Arbitraries.of(pointers.isEmpty() ? List.of("/nickname") : pointers), weird())
                        .as(Change::replace),
                Combinators.combine(Arbitraries.of("extra", "id", "status", "__proto__", "constructor", "", "ключ"),
                        weird()).as(Change::add));
        return change.list().ofMinSize(1).ofMaxSize(3).map(changes -> {
            ObjectNode copy = valid.deepCopy();
            for (Change c : changes) {
                c.apply(copy);
            }
            return copy.toString();
        });
    }

    /** A change to one place of a body. */
    private record Change(String kind, String pointer, String rawValue) {
        static Change remove(String pointer) {
            return new Change("remove", pointer, null);
        }

        static Change replace(String pointer, String raw) {
            return new Change("replace", pointer, raw);
        }

        static Change add(String name, String raw) {
            return new Change("add", "/" + name, raw);
        }

        void apply(ObjectNode root) {
            int slash = pointer.lastIndexOf('/');
            JsonNode parent = slash <= 0 ? root : root.at(pointer.substring(0, slash));
            String name = pointer.substring(slash + 1);
            if (parent instanceof ObjectNode object) {
                switch (kind) {
                    case "remove" -> object.remove(name);
                    default -> object.putRawValue(name, new RawValue(rawValue));
                }
            } else if (parent instanceof com.fasterxml.jackson.databind.node.ArrayNode array && name.matches("\\d+")) {
                int index = Integer.parseInt(name);
                if (index < array.size()) {
                    if (kind.equals("remove")) {
                        array.remove(index);
                    } else {
                        array.set(index, Json.MAPPER.getNodeFactory().rawValueNode(new RawValue(rawValue)));
                    }
                }
            }
        }
    }

    private static void pointers(JsonNode node, String at, List<String> out) {
        if (node.isObject()) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                out.add(at + "/" + name);
                if (out.size() < 200) {
                    pointers(node.get(name), at + "/" + name, out);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < Math.min(node.size(), 3); i++) {
                out.add(at + "/" + i);
                pointers(node.get(i), at + "/" + i, out);
            }
        }
    }

    /** JSON values (as text) that break assumptions: types, sizes, depths, numbers, characters. */
    static Arbitrary<String> weird() {
        return Arbitraries.oneOf(
                Arbitraries.of("null", "true", "false", "0", "-0", "-1", "1.5", "1e400", "-1e400", "1E-400",
                        "123456789012345678901234567890", "9223372036854775808", "-9223372036854775809",
                        "9007199254740993", "4.9e-324", "[]", "{}", "[null]", "{\"\":null}", "\"\"", "\" \"",
                        "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"💸\"", "\"\\u202e\"", "\"ключ\"",
                        "\"2026-02-30T25:61:00Z\"", "\"P99999999999999D\"", "\"PT-1H\"", "\"+1000000000-01-01T00:00:00Z\"",
                        "\"<script>alert(1)</script>\"", "\"' OR 1=1 --\"", "\"${jndi:ldap://x}\"", "\"%s%n\"",
                        "\"account_\"", "\"entity_\"", "\"card_\"", "[1,2,3]", "{\"a\":{\"b\":{}}}"),
                Arbitraries.integers().between(-3, 200).map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.strings().ofMaxLength(40).map(s -> Json.MAPPER.getNodeFactory().textNode(s).toString()),
                Arbitraries.integers().between(2, 200).map(depth -> "[".repeat(depth) + "]".repeat(depth)),
                Arbitraries.integers().between(2, 200).map(depth -> "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)),
                Arbitraries.of(1_000, 60_000, 70_000, 300_000).map(n -> "\"" + "x".repeat(n) + "\""),
                Arbitraries.of(100, 1_000, 10_000).map(n -> "[" + "0,".repeat(n) + "0]"));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
