package io.bankssandbox.internal.http;

import io.bankssandbox.internal.openapi.OpenApiDocument;
import io.javalin.router.JavalinDefaultRoutingApi;

/**
 * Registers routes with Javalin behind the {@link HttpPipeline}. Every route must be documented
 * in the OpenAPI document (startup fails otherwise): that is how the document stays the one
 * contract for what the sandbox accepts.
 */
public final class ApiRouter {
    private final JavalinDefaultRoutingApi routes;
    private final HttpPipeline pipeline;
    private final OpenApiDocument openApi;
    private final HttpPipeline.Family family;

    public ApiRouter(JavalinDefaultRoutingApi routes, HttpPipeline pipeline, OpenApiDocument openApi, HttpPipeline.Family family) {
        this.routes = routes;
        this.pipeline = pipeline;
        this.openApi = openApi;
        this.family = family;
    }

    /** The same routes behind another family's guards (such as PUBLIC pages among control routes). */
    public ApiRouter as(HttpPipeline.Family otherFamily) {
        return new ApiRouter(routes, pipeline, openApi, otherFamily);
    }

    /**
     * A GET; a HEAD on the same path is the very same exchange (auth, status, headers) without the body,
     * served through this route by {@link HeadAsGet}.
     */
    public void get(String path, ErrorShape shape, RouteHandler handler) {
        routes.get(path, serving(route("GET", path, shape, null, handler)));
    }

    public void delete(String path, ErrorShape shape, RouteHandler handler) {
        routes.delete(path, serving(route("DELETE", path, shape, null, handler)));
    }

    /** A POST whose body (if any) the route reads itself. */
    public void post(String path, ErrorShape shape, RouteHandler handler) {
        routes.post(path, serving(route("POST", path, shape, null, handler)));
    }

    /** A POST whose body is bound to the domain's command record {@code command} before the route runs. */
    public <C> void post(String path, ErrorShape shape, Class<C> command, CommandHandler<C> handler) {
        routes.post(path, serving(route("POST", path, shape, command,
                request -> handler.handle(request, command.cast(request.command())))));
    }

    public void put(String path, ErrorShape shape, RouteHandler handler) {
        routes.put(path, serving(route("PUT", path, shape, null, handler)));
    }

    /**
     * The route's handler. Javalin matches a template even where a literal path of the document takes
     * the request ({@code DELETE /_sandbox/webhooks/deliveries} is not the webhook endpoint "deliveries"):
     * there the method is one that path does not serve, an unknown route, as OpenAPI matches.
     */
    private io.javalin.http.Handler serving(Route route) {
        String method = route.operation().method();
        String template = route.operation().pathTemplate();
        return ctx -> {
            if (pipeline.served().shadowed(template) && !pipeline.served().at(ctx.path()).contains(method)) {
                pipeline.notFound(ctx);
            } else {
                pipeline.serve(ctx, family, route);
            }
        };
    }

    /**
     * A PUT whose body the route reads itself from {@link ApiRequest#bodyStream()}, up to
     * {@code limitBytes} ({@code limitName} says which limit in the 413): a document of hundreds of
     * megabytes is read as it arrives, never held whole. The route checks what it reads.
     */
    public void putStreamed(String path, ErrorShape shape, long limitBytes, String limitName, RouteHandler handler) {
        pipeline.served().add("PUT", path);
        Route route = new Route(openApi.operation("PUT", path), shape, null, handler,
                new Route.StreamLimit(limitBytes, limitName));
        routes.put(path, serving(route));
    }

    private Route route(String method, String path, ErrorShape shape, Class<?> command, RouteHandler handler) {
        pipeline.served().add(method, path);
        return new Route(openApi.operation(method, path), shape,
                command == null ? null : new CommandBinding(command), handler);
    }
}
