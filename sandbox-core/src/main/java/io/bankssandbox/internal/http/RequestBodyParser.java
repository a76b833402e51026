package io.bankssandbox.internal.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;

/**
 * Parses request bodies under limits tighter than the shared mapper's (which also reads fixture
 * sets and state files): no API field needs more than a few hundred characters, so a string over
 * 64 KiB, nesting deeper than 64 or a number longer than 64 digits is refused with a 400 that names
 * the limit, before any schema or domain code sees it.
 */
public final class RequestBodyParser {
    public static final int MAX_NESTING_DEPTH = 64;
    public static final int MAX_STRING_LENGTH = 64 * 1024;
    public static final int MAX_NUMBER_LENGTH = 64;

    private static final ObjectMapper MAPPER = Json.MAPPER.copyWith(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxStringLength(MAX_STRING_LENGTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .build())
            .build());

    private RequestBodyParser() {}

    /** The body as a JSON tree; a 400 {@link ApiException} when it is not JSON or passes a limit. */
    public static JsonNode parse(byte[] bytes) {
        try {
            JsonNode body = MAPPER.readTree(bytes);
            String overflow = nonFinite(body, "");
            if (overflow != null) {
                // 1e400 parses as an infinite double, which later checks cannot compare or convert
                throw ApiException.badRequest("Request body has a number out of range at " + overflow);
            }
            return body;
        } catch (StreamConstraintsException e) {
            throw ApiException.badRequest("Request body exceeds a limit: " + e.getOriginalMessage());
        } catch (JacksonException e) {
            throw ApiException.badRequest("Request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("Request body could not be read");
        }
    }

    /**
     * The JSON pointer of the first number too large for a double, or null. The pointer is put
     * together on the way back out, only when there is such a number: a body without one (every
     * body, nearly) costs a walk and no strings.
     */
    private static String nonFinite(JsonNode node, String at) {
        return hasNonFinite(node) ? pointerOfNonFinite(node, at) : null;
    }

    private static boolean hasNonFinite(JsonNode node) {
        if (node == null) {
            return false;
        }
        if (node.isFloatingPointNumber()) {
            return !Double.isFinite(node.doubleValue());
        }
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                if (hasNonFinite(child)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String pointerOfNonFinite(JsonNode node, String at) {
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            return at.isEmpty() ? "/" : at;
        }
        if (node.isObject()) {
            for (var it = node.fields(); it.hasNext(); ) {
                var field = it.next();
                if (hasNonFinite(field.getValue())) {
                    return pointerOfNonFinite(field.getValue(), at + "/" + field.getKey());
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                if (hasNonFinite(node.get(i))) {
                    return pointerOfNonFinite(node.get(i), at + "/" + i);
                }
            }
        }
        return null;
    }
}
