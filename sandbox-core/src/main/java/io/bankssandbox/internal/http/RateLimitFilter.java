package io.bankssandbox.internal.http;

/** The real service's per-key limit, when switched on: 429 with Retry-After once a key's minute is full. */
final class RateLimitFilter implements Filter {
    private final RateLimiter rateLimiter;

    RateLimitFilter(RateLimiter rateLimiter) {
        this.rateLimiter = rateLimiter;
    }

    @Override
    public void apply(Exchange exchange) {
        rateLimiter.admit(exchange.caller.apiKey());
        exchange.proceed();
    }
}
