package io.bankssandbox.internal.bench;

import io.javalin.Javalin;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor of the GET comparison: Javalin (the version the sandbox ships) answering one route
 * with fixed bytes, no auth, no state, no journal. {@code BareJavalin PORT BODY_FILE}.
 */
public final class BareJavalin {
    private BareJavalin() {}

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        byte[] body = Files.readAllBytes(Path.of(args[1]));
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.jetty.host = "127.0.0.1";
            config.jetty.port = port;
            config.routes.get("/v0/cards/{id}", ctx -> ctx.contentType("application/json;charset=utf-8").result(body));
        });
        app.start();
        System.out.println("bare Javalin listening on http://127.0.0.1:" + app.port());
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop));
        Thread.currentThread().join();
    }
}
