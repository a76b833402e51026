package io.bankssandbox.internal.http;

/** The end of the chain: the route's own handler, which builds the domain command and renders the result. */
final class RouteFilter implements Filter {
    @Override
    public void apply(Exchange exchange) {
        exchange.answer(exchange.route.handler().handle(new ApiRequest(exchange.caller, exchange.pathParams,
                exchange.query, exchange.requestBody, exchange.command, ClientAddress.of(exchange.ctx), exchange.requestStream)));
    }
}
