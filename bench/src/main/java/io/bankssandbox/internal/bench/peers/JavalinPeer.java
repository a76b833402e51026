package io.bankssandbox.internal.bench.peers;

import io.javalin.Javalin;

/**
 * The floor: Javalin (the version the sandbox ships, from the same jar) with one route answering
 * the card's bytes, no auth, no state, no journal; what any Javalin server pays before its first
 * answer.
 */
public final class JavalinPeer implements Server {
    private final Javalin app;

    private JavalinPeer(Javalin app) {
        this.app = app;
    }

    public static Server start(byte[] body) {
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.jetty.host = "127.0.0.1";
            config.jetty.port = 0;
            config.routes.get("/v0/cards/{id}", ctx -> ctx.contentType("application/json;charset=utf-8").result(body));
        });
        app.start();
        return new JavalinPeer(app);
    }

    @Override
    public String baseUrl() {
        return "http://127.0.0.1:" + app.port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
