package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
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
 */
final class CommandBinding {
    /**
     * For bodies that failed their schema: unknown properties are skipped, and a number is read only
     * from a JSON integer (not from "100" or 10.5), so no rule runs on a value the schema refused.
     */
    private static final class Lenient {
        static final ObjectMapper MAPPER = lenientMapper();
    }

    private final Class<?> type;
    /** Made on a route's first body that {@link RecordBinder} leaves to Jackson, not at every start. */
    private final Lazy<ObjectReader> strict;
    private final Lazy<ObjectReader> lenient;

    CommandBinding(Class<?> type) {
        this.type = type;
        this.strict = Lazy.of(() -> Json.MAPPER.readerFor(type));
        this.lenient = Lazy.of(() -> Lenient.MAPPER.readerFor(type));
    }

    private static ObjectMapper lenientMapper() {
        ObjectMapper mapper = Json.MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return mapper;
    }

    /** The command of a body that passed its schema: as Jackson binds it, by {@link RecordBinder} where it can. */
    Object bind(JsonNode body) {
        Object command = RecordBinder.bind(body, type);
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

    /** The rules the command breaks, as far as a body that failed its schema can be read (none if it cannot). */
    List<String> violationsOf(JsonNode body) {
        Object command;
        try {
            command = lenient.get().readValue(body);
        } catch (IOException | RuntimeException e) {
            return List.of(); // the schema's messages already say what is wrong
        }
        return command instanceof Command rules ? rules.violations() : List.of();
    }
}
