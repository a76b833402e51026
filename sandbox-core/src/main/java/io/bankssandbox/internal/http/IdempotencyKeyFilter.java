package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.openapi.SchemaValidator;
import java.util.List;

/**
 * An operation that takes an {@code Idempotency-Key} requires one of the documented form (10 to 256
 * characters of {@code [A-Za-z0-9_:-]}), checked before its body is even read.
 */
final class IdempotencyKeyFilter implements Filter {
    private static final String IDEMPOTENCY_KEY_SCHEMA = "#/components/schemas/IdempotencyKey";

    private final SchemaValidator validator;

    IdempotencyKeyFilter(SchemaValidator validator) {
        this.validator = validator;
    }

    @Override
    public void apply(Exchange exchange) {
        if (exchange.operation().idempotent()) {
            String key = exchange.header("Idempotency-Key");
            if (key == null || key.isEmpty()) {
                throw ApiException.badRequest("Idempotency-Key header is required");
            }
            List<String> violations = validator.validate(IDEMPOTENCY_KEY_SCHEMA, TextNode.valueOf(key), "Idempotency-Key");
            if (!violations.isEmpty()) {
                throw ApiException.badRequest(violations.get(0));
            }
        }
        exchange.proceed();
    }
}
