package io.bankssandbox.internal.http;

import io.bankssandbox.internal.clock.SandboxClock;

/**
 * Keeps every /v0 exchange in the journal, faults and refusals included, and the control requests a
 * replayed session needs (everything that changes state, except reset, which starts a new session,
 * the journal's own routes, and those that start and close other sandboxes). Outermost: it sees the answer exactly as it went out.
 */
final class JournalFilter implements Filter {
    private final RequestJournal journal;
    private final SandboxClock clock;

    JournalFilter(RequestJournal journal, SandboxClock clock) {
        this.journal = journal;
        this.clock = clock;
    }

    @Override
    public void apply(Exchange exchange) {
        try {
            exchange.proceed();
        } finally {
            if (exchange.family == HttpPipeline.Family.API) {
                // a HEAD's answer went out without its body: the journal keeps what the client saw
                journal.recordJson(clock.now(), exchange.method, exchange.target, exchange.header("Idempotency-Key"),
                        exchange.requestJson, exchange.status, "HEAD".equals(exchange.method) ? null : exchange.responseJson,
                        exchange.apiKeyIndex, exchange.fault);
            } else if (exchange.family == HttpPipeline.Family.CONTROL && changesSession(exchange)) {
                journal.recordControlJson(clock.now(), exchange.method, exchange.target, exchange.requestJson,
                        exchange.status, exchange.responseJson);
            }
        }
    }

    private static boolean changesSession(Exchange exchange) {
        String path = exchange.ctx.path();
        // starting and closing other sandboxes (/_sandbox/sandboxes) changes nothing of this one's session
        return !exchange.reads() && !path.equals("/_sandbox/reset")
                && !path.startsWith("/_sandbox/requests") && !path.startsWith("/_sandbox/sandboxes");
    }
}
