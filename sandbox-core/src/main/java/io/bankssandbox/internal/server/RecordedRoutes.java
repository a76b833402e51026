package io.bankssandbox.internal.server;

import io.javalin.http.Context;
import io.javalin.http.ExceptionHandler;
import io.javalin.http.Handler;
import io.javalin.router.Endpoint;
import io.javalin.router.JavalinDefaultRoutingApi;
import io.javalin.security.RouteRole;
import io.javalin.websocket.WsConfig;
import io.javalin.websocket.WsExceptionHandler;
import io.javalin.websocket.WsHandlerType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One sandbox's endpoints as its features register them (method, path and handler, the before-handler
 * and the exception handlers too), kept instead of built into a Javalin app of the sandbox's own: the
 * JVM's app for sandboxes with the very same endpoints ({@link SharedApps}) matches each request and
 * hands it to the handler this sandbox registered there. Building an app compiles every endpoint's
 * path patterns, most of what a further sandbox in a JVM cost; recording them is a map entry each.
 */
final class RecordedRoutes implements JavalinDefaultRoutingApi {
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final Map<String, Handler> handlers = new HashMap<>();
    private final Map<Class<? extends Exception>, ExceptionHandler<Exception>> exceptions = new LinkedHashMap<>();
    /** What makes two sandboxes' endpoints the same: each endpoint's method and path in order, and the exceptions handled. */
    private final List<String> shape = new ArrayList<>();

    static String key(Endpoint endpoint) {
        return endpoint.method.name() + " " + endpoint.path;
    }

    @Override
    public JavalinDefaultRoutingApi addEndpoint(Endpoint endpoint) {
        String key = key(endpoint);
        if (handlers.putIfAbsent(key, endpoint.handler) != null) {
            throw new IllegalStateException("two handlers for " + key); // a second would never be reached
        }
        endpoints.add(endpoint);
        shape.add(key);
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <E extends Exception> JavalinDefaultRoutingApi exception(Class<E> type, ExceptionHandler<? super E> handler) {
        exceptions.put(type, (ExceptionHandler<Exception>) handler);
        shape.add("exception " + type.getName());
        return this;
    }

    @Override
    public JavalinDefaultRoutingApi error(int status, String contentType, Handler handler) {
        throw new UnsupportedOperationException("no error handlers: every answer is the pipeline's");
    }

    @Override
    public <E extends Exception> JavalinDefaultRoutingApi wsException(Class<E> type, WsExceptionHandler<? super E> handler) {
        throw new UnsupportedOperationException("no WebSockets");
    }

    @Override
    public JavalinDefaultRoutingApi addWsHandler(WsHandlerType type, String path, Consumer<WsConfig> config, RouteRole... roles) {
        throw new UnsupportedOperationException("no WebSockets");
    }

    List<Endpoint> endpoints() {
        return endpoints;
    }

    List<Class<? extends Exception>> exceptionTypes() {
        return List.copyOf(exceptions.keySet());
    }

    List<String> shape() {
        return shape;
    }

    /** Runs this sandbox's handler of the endpoint {@code key} (one of {@link #shape}). */
    void handle(String key, Context ctx) throws Exception {
        handlers.get(key).handle(ctx);
    }

    void handleException(Class<? extends Exception> type, Exception e, Context ctx) {
        exceptions.get(type).handle(e, ctx);
    }
}
