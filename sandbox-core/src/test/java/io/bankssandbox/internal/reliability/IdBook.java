package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every id in a state export, by kind (its prefix: {@code card}, {@code inbound_ach_transfer}, ...)
 * and by the entities it belongs to. Ownership is derived, not listed: an object belongs to the
 * entities its references lead to (an account to its entity, a card to its account's entity, a
 * transaction to its account's), so new kinds of data are covered as long as they name what they
 * belong to.
 */
final class IdBook {
    private static final Pattern ID = Pattern.compile("^([a-z][a-z_]*)_([0-9a-z]{16,})$");

    private final Map<String, Set<String>> byKind = new LinkedHashMap<>();
    private final Map<String, Set<String>> owners = new HashMap<>();

    static IdBook of(JsonNode export) {
        IdBook book = new IdBook();
        book.collect(export);
        book.derive(export);
        return book;
    }

    static String kindOf(String id) {
        Matcher m = ID.matcher(id);
        return m.matches() ? m.group(1) : null;
    }

    /** Ids of one kind, in a stable order. */
    List<String> ids(String kind) {
        return new ArrayList<>(byKind.getOrDefault(kind, Set.of()));
    }

    Set<String> kinds() {
        return byKind.keySet();
    }

    /** The entities an id belongs to; empty when nothing says. */
    Set<String> owners(String id) {
        return owners.getOrDefault(id, Set.of());
    }

    /** True when the id is known to belong only to entities other than {@code entityId}. */
    boolean foreignTo(String id, String entityId) {
        Set<String> of = owners(id);
        return !of.isEmpty() && !of.contains(entityId);
    }

    /** What kind of id a path parameter takes: from its name, or for a bare {id} from the segment before it. */
    static String kindForParameter(RouteCatalog.Route route, String name) {
        String base;
        if (name.endsWith("_id")) {
            base = name.substring(0, name.length() - 3);
        } else if (name.equals("id")) {
            base = route.segmentBefore(name).replace('-', '_');
            if (base.endsWith("s")) {
                base = base.substring(0, base.length() - 1);
            }
        } else {
            return null;
        }
        return base.equals("provider") ? "entity" : base;
    }

    private void collect(JsonNode node) {
        if (node.isTextual()) {
            String kind = kindOf(node.asText());
            if (kind != null) {
                byKind.computeIfAbsent(kind, k -> new TreeSet<>()).add(node.asText());
            }
        }
        node.forEach(this::collect);
    }

    private void derive(JsonNode export) {
        for (String entity : byKind.getOrDefault("entity", Set.of())) {
            owners.put(entity, new HashSet<>(Set.of(entity)));
        }
        List<JsonNode> rows = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = export.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> section = it.next();
            if (section.getKey().equals("api_keys")) {
                continue; // a key's entity list says who may look, not what the key belongs to
            }
            objectsWithId(section.getValue(), rows);
        }
        // references run account -> entity, card -> account -> entity, ...: repeat until nothing changes
        for (boolean changed = true; changed; ) {
            changed = false;
            for (JsonNode row : rows) {
                String id = row.get("id").asText();
                Set<String> found = new HashSet<>();
                references(row, id, found);
                Set<String> mine = owners.computeIfAbsent(id, k -> new HashSet<>());
                changed |= mine.addAll(found);
            }
        }
        // ids that only appear inside another object (files, check deposits) belong to that object's owners
        for (JsonNode row : rows) {
            Set<String> rowOwners = owners.get(row.get("id").asText());
            nested(row, rowOwners);
        }
    }

    private void nested(JsonNode node, Set<String> rowOwners) {
        if (node.isTextual() && kindOf(node.asText()) != null && !owners.containsKey(node.asText())) {
            owners.put(node.asText(), new HashSet<>(rowOwners));
        }
        node.forEach(child -> nested(child, rowOwners));
    }

    private void references(JsonNode node, String self, Set<String> found) {
        if (node.isTextual()) {
            String value = node.asText();
            if (!value.equals(self) && kindOf(value) != null) {
                found.addAll(owners.getOrDefault(value, Set.of()));
            }
            return;
        }
        node.forEach(child -> references(child, self, found));
    }

    private static void objectsWithId(JsonNode node, List<JsonNode> out) {
        if (node.isObject() && node.path("id").isTextual() && kindOf(node.get("id").asText()) != null) {
            out.add(node);
        }
        if (node.isContainerNode()) {
            node.forEach(child -> objectsWithId(child, out));
        }
    }
}
