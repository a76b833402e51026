package io.bankssandbox.internal.http;

/** A thin route: builds a domain command from the request, calls the domain, renders the result. */
@FunctionalInterface
public interface RouteHandler {
    ApiResponse handle(ApiRequest request);
}
