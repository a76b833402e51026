package io.bankssandbox.internal.http;

import java.util.List;

/**
 * A refusal of the transport (401, 413, 415, 422 and 409 of idempotency, 429, a malformed body), with
 * the status and the message the real service would give. Rules (validation, not found, conflict)
 * throw {@link io.bankssandbox.internal.state.DomainException}, the one exception that lists every violation;
 * the error filter turns it into this.
 */
public final class ApiException extends RuntimeException {
    private final int status;
    private final List<String> messages;
    private final boolean validation;
    private final Long retryAfterSeconds;

    private ApiException(int status, List<String> messages, boolean validation, Long retryAfterSeconds) {
        super(String.join("; ", messages), null, false, false);
        this.status = status;
        this.messages = List.copyOf(messages);
        this.validation = validation;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public static ApiException of(int status, String message) {
        return new ApiException(status, List.of(message), false, null);
    }

    /**
     * A validation failure: every violated rule, reported as an array in the NestJS shape. Only the
     * error filter makes these, from a {@link io.bankssandbox.internal.state.DomainException}: a rule says no
     * by throwing that, wherever it lives.
     */
    static ApiException validation(List<String> messages) {
        return new ApiException(400, messages, true, null);
    }

    /** A domain refusal as the API answers it: invalid 400 with every violation, not found 404, conflict 409. */
    public static ApiException from(io.bankssandbox.internal.state.DomainException e) {
        return switch (e.kind()) {
            case INVALID -> validation(e.messages());
            case NOT_FOUND -> of(404, e.messages().get(0));
            case CONFLICT -> of(409, e.messages().get(0));
        };
    }

    public static ApiException badRequest(String message) {
        return of(400, message);
    }

    public static ApiException tooManyRequests(long retryAfterSeconds) {
        return new ApiException(429, List.of("Too Many Requests"), false, retryAfterSeconds);
    }

    public int status() {
        return status;
    }

    public List<String> messages() {
        return messages;
    }

    public boolean isValidation() {
        return validation;
    }

    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
