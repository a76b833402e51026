package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The places of a state document a value can be taken from or set to {@code null} at, as JSON pointers:
 * every table and setting, every field of the first row of each table and of every object nested in it,
 * and the first element of every array on the way. The state document's nested records are where a null
 * the schema let through once reached the domain.
 */
final class StatePlaces {
    private StatePlaces() {}

    /**
     * {@code count} places spread over every top-level key in turn (each key's own shuffled with
     * {@code random}), or all of them when {@code count} is 0 or less.
     */
    static List<String> sample(ObjectNode state, int count, Random random) {
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        state.fields().forEachRemaining(file -> {
            List<String> places = new ArrayList<>();
            walk(file.getValue(), "/" + file.getKey(), places);
            Collections.shuffle(places, random);
            byKey.put(file.getKey(), places);
        });
        List<String> all = new ArrayList<>();
        List<Iterator<String>> rounds = byKey.values().stream().map(List::iterator).toList();
        for (boolean more = true; more && (count <= 0 || all.size() < count); ) {
            more = false;
            for (Iterator<String> places : rounds) {
                if (places.hasNext() && (count <= 0 || all.size() < count)) {
                    all.add(places.next());
                    more = true;
                }
            }
        }
        return all;
    }

    private static void walk(JsonNode node, String pointer, List<String> places) {
        places.add(pointer);
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> walk(field.getValue(), pointer + "/" + field.getKey(), places));
        } else if (node.isArray() && !node.isEmpty()) {
            walk(node.get(0), pointer + "/0", places);
        }
    }

    /** A copy of {@code state} with the value at {@code place} set to null, or taken out ({@code absent}). */
    static JsonNode without(ObjectNode state, String place, boolean absent) {
        ObjectNode copy = state.deepCopy();
        int cut = place.lastIndexOf('/');
        JsonNode parent = copy.at(place.substring(0, cut));
        String last = place.substring(cut + 1);
        if (parent instanceof ObjectNode object) {
            if (absent) {
                object.remove(last);
            } else {
                object.putNull(last);
            }
        } else if (parent instanceof ArrayNode array) {
            if (absent) {
                array.remove(Integer.parseInt(last));
            } else {
                array.set(Integer.parseInt(last), com.fasterxml.jackson.databind.node.NullNode.getInstance());
            }
        }
        return copy;
    }
}
