package io.bankssandbox.internal.state;

import java.util.List;

/**
 * A domain rule said no. Carries what kind of refusal it is, not an HTTP status: the HTTP layer
 * maps the kind to a status, so domain code stays free of HTTP.
 */
public final class DomainException extends RuntimeException {
    public enum Kind { INVALID, NOT_FOUND, CONFLICT }

    private final Kind kind;
    private final List<String> messages;

    private DomainException(Kind kind, List<String> messages) {
        super(String.join("; ", messages), null, false, false);
        this.kind = kind;
        this.messages = List.copyOf(messages);
    }

    public static DomainException invalid(List<String> violations) {
        return new DomainException(Kind.INVALID, violations);
    }

    public static DomainException invalid(String violation) {
        return new DomainException(Kind.INVALID, List.of(violation));
    }

    /**
     * A value its schema admitted that the domain still cannot read: a gap between the schema and the
     * code, refused plainly (a 400) instead of failing as a bug would. The rule's own words are the
     * schema's; this says only that the value was not understood.
     */
    public static DomainException unreadable(String field, String value) {
        return new DomainException(Kind.INVALID, List.of(field + " could not be read: " + value));
    }

    /** {@code <Kind> <id> not found}, the message the real service gives for unknown or invisible ids. */
    public static DomainException notFound(String kind, String id) {
        return new DomainException(Kind.NOT_FOUND, List.of(kind + " " + id + " not found"));
    }

    public static DomainException conflict(String message) {
        return new DomainException(Kind.CONFLICT, List.of(message));
    }

    public Kind kind() {
        return kind;
    }

    public List<String> messages() {
        return messages;
    }
}
