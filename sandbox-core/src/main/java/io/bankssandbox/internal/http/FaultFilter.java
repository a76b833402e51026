package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.Fault;

/**
 * A scripted fault ({@code POST /_sandbox/faults}) answers a matching /v0 request in the fault's
 * stead, after its delay: it stands for the network or the service failing. By default it answers
 * before anything else looks at the request, which then changes nothing; one scripted
 * {@code after_processing} lets the request run the whole chain first (auth, validation, idempotency,
 * the route: its changes and its idempotency key are kept) and replaces the answer that would have
 * gone out, so a client meets a failure after the bank acted. Outside {@link ErrorFilter}, so a
 * refusal of the processed request is its real answer too.
 */
final class FaultFilter implements Filter {
    private final FaultInjector faults;

    FaultFilter(FaultInjector faults) {
        this.faults = faults;
    }

    @Override
    public void apply(Exchange exchange) {
        Fault fault = faults.take(exchange.method, exchange.target);
        if (fault == null) {
            exchange.proceed();
            return;
        }
        if (fault.afterProcessing()) {
            exchange.proceed();
        }
        faults.pause(fault.delayMs());
        exchange.answerFault(fault, fault.afterProcessing());
    }
}
