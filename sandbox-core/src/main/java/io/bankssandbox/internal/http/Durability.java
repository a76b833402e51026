package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.NotDurableException;

/**
 * Where the changes a request makes are made durable (the state file). Each request
 * {@link #begin}s; its writes' records are fsynced together by {@link #settle} before a 2xx answer
 * to a change leaves; {@link #end} settles whatever is left once it is answered.
 */
public interface Durability {
    Durability NONE = new Durability() {
        @Override
        public void begin() {
        }

        @Override
        public void settle() {
        }

        @Override
        public void end() {
        }
    };

    void begin();

    /** Returns once what the request changed is durable; throws {@link NotDurableException} if it cannot be. */
    void settle();

    /** Settles what is left (say, a refused request's clock catch-up); a failure is logged, the answer is set. */
    void end();
}
