package io.bankssandbox.internal.state;

/**
 * A change is applied in memory but could not be made durable: the state file could not be written
 * (disk full, file or directory gone). Answered 503 rather than acknowledged.
 */
public final class NotDurableException extends RuntimeException {
    public NotDurableException(String message, Throwable cause) {
        super(message, cause);
    }
}
