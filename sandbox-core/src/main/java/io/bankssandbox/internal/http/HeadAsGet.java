package io.bankssandbox.internal.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.servlet.JavalinServletContext;
import io.javalin.router.InternalRouter;
import io.javalin.router.ParsedEndpoint;
import java.util.function.Supplier;

/**
 * A sandbox's one HEAD endpoint: it runs the GET endpoint of the request's path (path parameters and
 * all), so a HEAD is the very same exchange as the GET (auth, journal, status, headers) and the server
 * leaves out the body. Javalin alone answers a HEAD on a GET route with an empty 200 and runs nothing.
 * One endpoint instead of a HEAD route beside every GET route: each route Javalin holds compiles its
 * path's patterns, and every sandbox builds its routes again, so those had made each further sandbox
 * in a JVM about a quarter dearer.
 */
public final class HeadAsGet implements Handler {
    private final Supplier<InternalRouter> router;
    private final Handler unknownRoute;

    /**
     * {@code router}: the app's routes, read at each HEAD (the app is built after its endpoints);
     * {@code unknownRoute}: the answer where no GET endpoint matches, which the GET catch-all leaves to no path.
     */
    public HeadAsGet(Supplier<InternalRouter> router, Handler unknownRoute) {
        this.router = router;
        this.unknownRoute = unknownRoute;
    }

    @Override
    public void handle(Context ctx) throws Exception {
        // the path as Javalin matches it: without the context path
        String path = ctx.path().startsWith(ctx.contextPath()) ? ctx.path().substring(ctx.contextPath().length()) : ctx.path();
        ParsedEndpoint get = router.get().findFirstHttpHandlerEntry(HandlerType.GET, path);
        if (get == null) {
            unknownRoute.handle(ctx);
        } else {
            get.handle((JavalinServletContext) ctx, path);
        }
    }
}
