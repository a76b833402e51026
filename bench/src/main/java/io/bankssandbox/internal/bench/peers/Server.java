package io.bankssandbox.internal.bench.peers;

/**
 * One server of the embedded comparison, started in the test's JVM the way its documentation
 * starts it, serving {@code GET /v0/cards/{id}}. Each peer lives in a class of its own and is
 * named only where it is chosen, so a JVM loads the classes of the one it runs and of no other.
 */
public interface Server extends AutoCloseable {
    String CARD = "card_0000006ffif7l9i19ra5";
    /** Sent to every server: the sandbox needs it, the others ignore it. */
    String AUTHORIZATION = "Bearer lm_key_sandbox_all";

    /** {@code http://127.0.0.1:PORT} */
    String baseUrl();

    @Override
    void close();
}
