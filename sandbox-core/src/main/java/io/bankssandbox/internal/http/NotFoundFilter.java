package io.bankssandbox.internal.http;

/** The end of the chain for a route nobody serves: {@code Cannot <METHOD> <path>}, as NestJS words it. */
final class NotFoundFilter implements Filter {
    @Override
    public void apply(Exchange exchange) {
        throw ApiException.of(404, "Cannot " + exchange.method + " " + exchange.ctx.path());
    }
}
