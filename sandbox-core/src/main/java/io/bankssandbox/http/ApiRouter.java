package io.bankssandbox.http;

import io.bankssandbox.openapi.OpenApiDocument;
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
        OpenApiDocument.Operation operation = openApi.operation("GET", path);
        routes.get(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }

    public void delete(String path, ErrorShape shape, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("DELETE", path);
        routes.delete(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }

    public void post(String path, ErrorShape shape, RouteHandler handler) {
        post(path, shape, BodyRules.NONE, handler);
    }

    public void post(String path, ErrorShape shape, BodyRules rules, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("POST", path);
        routes.post(path, ctx -> pipeline.serve(ctx, family, operation, shape, rules, handler));
    }

    public void put(String path, ErrorShape shape, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("PUT", path);
        routes.put(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }
}
