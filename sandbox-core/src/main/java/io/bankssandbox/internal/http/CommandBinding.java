package io.bankssandbox.internal.http;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.Lazy;
import java.io.IOException;
import java.util.List;

/**
 * Binds a request body, once, to the domain's command record (snake_case, as Jackson binds it:
 * {@link RecordBinder} for the plain records commands are, else through Jackson readers made on the
 * route's first such body and kept: no reflection per request). Not at startup: a reader
 * builds its record's deserializer, and a start that made one for every route's command paid for
 * dozens a test may never send. The body has passed its schema by then, so binding cannot fail on
 * shape. When the schema did fail, the body is bound as far as it goes, so that the command's own
 * rules can join the schema's messages in one 400.
 *
 * <p>No rule ever meets a value its schema refuses, by construction rather than rule by rule: a body
 * that failed is bound only after every value the schema refused is taken out of it (a {@code null}
 * where an object goes, in any array or field, is then simply absent), and neither binding puts a
 * {@code null} element into a list (the strict one refuses the body, the lenient one skips it). A null
 * the schema does not allow is thus the schema's 400, on every route, and never a rule's
 * {@code NullPointerException}.
 */
final class CommandBinding {
    /**
     * For bodies that failed their schema: unknown properties are skipped, and a number is read only
     * from a JSON integer (not from "100" or 10.5), so no rule runs on a value the schema refused.
     */
    private static final class Lenient {
        static final ObjectMapper MAPPER = lenientMapper();
    }

    /** For bodies that passed: a null element the schema let through is a 400, not a record holding a null. */
    private static final class Strict {
        static final ObjectMapper MAPPER = Json.MAPPER.copy()
                .setDefaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
    }

    private final Class<?> type;
    /** Made on a route's first body that {@link RecordBinder} leaves to Jackson, not at every start. */
    private final Lazy<ObjectReader> strict;
    private final Lazy<ObjectReader> lenient;

    CommandBinding(Class<?> type) {
        this.type = type;
        this.strict = Lazy.of(() -> Strict.MAPPER.readerFor(type));
        this.lenient = Lazy.of(() -> Lenient.MAPPER.readerFor(type));
    }

    private static ObjectMapper lenientMapper() {
        ObjectMapper mapper = Json.MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .setDefaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.SKIP));
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return mapper;
    }

    /** The command of a body that passed its schema: as Jackson binds it, by {@link RecordBinder} where it can. */
    Object bind(JsonNode body) {
        Object command = RecordBinder.SHARED.bind(body, type);
        return command != RecordBinder.UNBOUND ? command : bindWithJackson(body);
    }

    /** The command as Jackson binds it: what {@link RecordBinder}'s answers are held to (RecordBinderTest). */
    Object bindWithJackson(JsonNode body) {
        try {
            return strict.get().readValue(body);
        } catch (IOException | IllegalArgumentException e) {
            // the schema admitted something the record cannot hold: a gap in the schema, said plainly
            throw DomainException.invalid(List.of("request body does not match its schema: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
        }
    }

    /**
     * The rules the command breaks, as far as a body that failed its schema can be read (none if it
     * cannot), with the values at {@code refused} (pointers the schema gave, {@link
     * io.bankssandbox.internal.openapi.SchemaValidator#refusedValues}) left out.
     */
    List<String> violationsOf(JsonNode body, List<String> refused) {
        Object command;
        try {
            command = lenient.get().readValue(without(body, refused));
        } catch (IOException | RuntimeException e) {
            return List.of(); // the schema's messages already say what is wrong
        }
        return command instanceof Command rules ? rules.violations() : List.of();
    }

    /** A copy of {@code body} without the values at {@code pointers}; later array elements first, so indexes hold. */
    static JsonNode without(JsonNode body, List<String> pointers) {
        if (pointers.isEmpty()) {
            return body;
        }
        JsonNode copy = body.deepCopy();
        List<String> ordered = new java.util.ArrayList<>(pointers);
        ordered.sort(java.util.Comparator.comparing(CommandBinding::sortKey).reversed());
        for (String pointer : ordered) {
            int slash = pointer.lastIndexOf('/');
            JsonNode parent = copy.at(pointer.substring(0, slash));
            String name = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
            if (parent instanceof ObjectNode object) {
                object.remove(name);
            } else if (parent instanceof ArrayNode array && name.matches("\\d{1,9}") && Integer.parseInt(name) < array.size()) {
                array.remove(Integer.parseInt(name));
            }
        }
        return copy;
    }

    /** Orders pointers so that, reversed, a deeper place and a later index come first. */
    private static String sortKey(String pointer) {
        StringBuilder key = new StringBuilder();
        for (String token : pointer.split("/", -1)) {
            // indexes padded, so /a/10 sorts after /a/9
            key.append(token.matches("\\d{1,9}") ? String.format("%010d", Integer.parseInt(token)) : token).append('\u0000');
        }
        return key.toString();
    }
}
