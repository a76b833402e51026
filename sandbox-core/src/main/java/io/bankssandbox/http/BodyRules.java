package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Rules a schema cannot say (such as spending limits widening with their interval), checked
 * together with the schema so that one 400 lists every violation. Implementations translate the
 * body into domain terms and ask the domain.
 */
@FunctionalInterface
public interface BodyRules {
    BodyRules NONE = body -> List.of();

    List<String> violations(JsonNode body);
}
