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
    /** Where the routes are also registered for in-process calls; null when they are HTTP only. */
    private final InProcessControl inProcess;

    public ApiRouter(RoutesConfig routes, HttpPipeline pipeline, OpenApiDocument openApi, HttpPipeline.Family family) {
        this(routes, pipeline, openApi, family, null);
    }

    /** A router whose routes the typed {@code Sandbox} handle can also call without HTTP. */
    public ApiRouter(RoutesConfig routes, HttpPipeline pipeline, OpenApiDocument openApi, HttpPipeline.Family family,
                     InProcessControl inProcess) {
        this.routes = routes;
        this.pipeline = pipeline;
        this.openApi = openApi;
        this.family = family;
        this.inProcess = inProcess;
    }

    /** The same routes behind another family's guards (such as PUBLIC pages among control routes). */
    public ApiRouter as(HttpPipeline.Family otherFamily) {
        // pages of another family are not control operations: HTTP only
        return new ApiRouter(routes, pipeline, openApi, otherFamily);
    }

    public HttpPipeline pipeline() {
        return pipeline;
    }

    public void get(String path, ErrorShape shape, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("GET", path);
        registerInProcess(operation, BodyRules.NONE, handler);
        routes.get(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }

    public void delete(String path, ErrorShape shape, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("DELETE", path);
        registerInProcess(operation, BodyRules.NONE, handler);
        routes.delete(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }

    public void post(String path, ErrorShape shape, RouteHandler handler) {
        post(path, shape, BodyRules.NONE, handler);
    }

    public void post(String path, ErrorShape shape, BodyRules rules, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("POST", path);
        registerInProcess(operation, rules, handler);
        routes.post(path, ctx -> pipeline.serve(ctx, family, operation, shape, rules, handler));
    }

    public void put(String path, ErrorShape shape, RouteHandler handler) {
        OpenApiDocument.Operation operation = openApi.operation("PUT", path);
        registerInProcess(operation, BodyRules.NONE, handler);
        routes.put(path, ctx -> pipeline.serve(ctx, family, operation, shape, BodyRules.NONE, handler));
    }

    private void registerInProcess(OpenApiDocument.Operation operation, BodyRules rules, RouteHandler handler) {
        if (inProcess != null) {
            inProcess.register(operation, rules, handler);
        }
    }
}
