package io.bankssandbox.internal.http;

/**
 * Makes what a request changed durable (the state file hooks in here) before a 2xx answer to a
 * change leaves, so what a client saw acknowledged survives a crash. The request's writes only
 * append to the state file's log; {@link Durability#settle} fsyncs them all at once. A failure
 * becomes the answer (503, see {@link ErrorFilter}) instead of an acknowledgement.
 */
final class PersistenceFilter implements Filter {
    private volatile Durability durability = Durability.NONE;

    void durability(Durability durability) {
        this.durability = durability;
    }

    @Override
    public void apply(Exchange exchange) {
        Durability durable = durability;
        durable.begin();
        try {
            exchange.proceed();
            if (!exchange.reads() && !exchange.replayed && exchange.succeeded()) {
                durable.settle();
            }
        } finally {
            durable.end();
        }
    }
}
