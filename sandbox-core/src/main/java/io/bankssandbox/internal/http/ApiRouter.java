package io.bankssandbox.internal.http;

import io.bankssandbox.internal.openapi.OpenApiDocument;
import io.javalin.config.RoutesConfig;

/**
 * Registers routes with Javalin behind the {@link HttpPipeline}. Every route must be documented
 * in the OpenAPI document (startup fails otherwise): that is how the document stays the one
 * contract for what the sandbox accepts.
 */
public final class ApiRouter {
    private final RoutesConfig routes;
    private final HttpPipeline pipeline;
    private final OpenApiDocument openApi;
    private final HttpPipeline.Family family;

    public ApiRouter(RoutesConfig routes, HttpPipeline pipeline, OpenApiDocument openApi, HttpPipeline.Family family) {
        this.routes = routes;
        this.pipeline = pipeline;
        this.openApi = openApi;
        this.family = family;
    }

    /** The same routes behind another family's guards (such as PUBLIC pages among control routes). */
    public ApiRouter as(HttpPipeline.Family otherFamily) {
        return new ApiRouter(routes, pipeline, openApi, otherFamily);
    }

    public HttpPipeline pipeline() {
        return pipeline;
    }

    public void get(String path, ErrorShape shape, RouteHandler handler) {
        Route route = route("GET", path, shape, null, handler);
        routes.get(path, ctx -> pipeline.serve(ctx, family, route));
    }

    public void delete(String path, ErrorShape shape, RouteHandler handler) {
        Route route = route("DELETE", path, shape, null, handler);
        routes.delete(path, ctx -> pipeline.serve(ctx, family, route));
    }

    /** A POST whose body (if any) the route reads itself. */
    public void post(String path, ErrorShape shape, RouteHandler handler) {
        Route route = route("POST", path, shape, null, handler);
        routes.post(path, ctx -> pipeline.serve(ctx, family, route));
    }

    /** A POST whose body is bound to the domain's command record {@code command} before the route runs. */
    public <C> void post(String path, ErrorShape shape, Class<C> command, CommandHandler<C> handler) {
        Route route = route("POST", path, shape, command, request -> handler.handle(request, command.cast(request.command())));
        routes.post(path, ctx -> pipeline.serve(ctx, family, route));
    }

    public void put(String path, ErrorShape shape, RouteHandler handler) {
        Route route = route("PUT", path, shape, null, handler);
        routes.put(path, ctx -> pipeline.serve(ctx, family, route));
    }

    /**
     * A PUT whose body the route reads itself from {@link ApiRequest#bodyStream()}, up to
     * {@code limitBytes} ({@code limitName} says which limit in the 413): a document of hundreds of
     * megabytes is read as it arrives, never held whole. The route checks what it reads.
     */
    public void putStreamed(String path, ErrorShape shape, long limitBytes, String limitName, RouteHandler handler) {
        Route route = new Route(openApi.operation("PUT", path), shape, null, handler,
                new Route.StreamLimit(limitBytes, limitName));
        routes.put(path, ctx -> pipeline.serve(ctx, family, route));
    }

    private Route route(String method, String path, ErrorShape shape, Class<?> command, RouteHandler handler) {
        return new Route(openApi.operation(method, path), shape,
                command == null ? null : new CommandBinding(command), handler);
    }
}
