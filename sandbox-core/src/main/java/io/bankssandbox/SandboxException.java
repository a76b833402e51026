package io.bankssandbox;

import java.util.List;

/**
 * The sandbox refused a typed control call: {@link #status()} and {@link #messages()} are what the
 * control API answers an HTTP client for the same request (400 with every violated rule, 404, 409).
 */
public final class SandboxException extends RuntimeException {
    private final int status;
    private final List<String> messages;

    public SandboxException(int status, List<String> messages) {
        super(status + ": " + String.join("; ", messages));
        this.status = status;
        this.messages = List.copyOf(messages);
    }

    public int status() {
        return status;
    }

    public List<String> messages() {
        return messages;
    }
}
