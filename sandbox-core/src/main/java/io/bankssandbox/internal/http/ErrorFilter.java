package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.NotDurableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a refusal from any later step into the answer: an {@link ApiException} as it is, a
 * {@link DomainException} by its kind (invalid 400 with every violation, not found 404, conflict
 * 409), a change the state file could not keep as 503, anything else as the 500 of a bug, logged. The route's shape is applied when it is written.
 */
final class ErrorFilter implements Filter {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorFilter.class);

    @Override
    public void apply(Exchange exchange) {
        try {
            exchange.proceed();
        } catch (ApiException e) {
            exchange.fail(e);
        } catch (DomainException e) {
            exchange.fail(toApi(e));
        } catch (NotDurableException e) {
            // the change is applied in memory: say so rather than acknowledge it as durable
            exchange.fail(ApiException.of(503, e.getMessage()));
        } catch (RuntimeException e) {
            // A bug: no input should get here. Say so plainly rather than hide it.
            LOG.error("internal error serving {} {}", exchange.method, exchange.target, e);
            exchange.fail(ApiException.of(500, "Internal server error: " + e.getClass().getSimpleName()));
        }
    }

    static ApiException toApi(DomainException e) {
        return ApiException.from(e);
    }
}
