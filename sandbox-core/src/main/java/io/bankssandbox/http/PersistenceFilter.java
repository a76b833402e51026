package io.bankssandbox.http;

/**
 * After a route changed state and answered 2xx, and before the answer leaves, makes the change
 * durable (the state file hooks in here), so what a client saw acknowledged survives a crash. A
 * failure becomes the answer (503 from the hook) instead of an acknowledgement.
 */
final class PersistenceFilter implements Filter {
    private volatile Runnable afterMutation = () -> { };

    void afterMutation(Runnable hook) {
        this.afterMutation = hook;
    }

    @Override
    public void apply(Exchange exchange) {
        exchange.proceed();
        if (!"GET".equals(exchange.method) && !exchange.replayed && exchange.succeeded()) {
            afterMutation.run();
        }
    }
}
