package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.Fault;

/**
 * A scripted fault ({@code POST /_sandbox/faults}) answers a matching /v0 request before anything
 * else looks at it, after its delay: it stands for the network or the service failing.
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
        if (fault.delayMs() > 0) {
            try {
                Thread.sleep(fault.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        exchange.answerJson(fault.status(), fault.body() != null ? fault.body()
                : ErrorShape.NEST.render(ApiException.of(fault.status(), ErrorShape.reasonPhrase(fault.status()))));
    }
}
