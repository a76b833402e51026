package io.bankssandbox.internal.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor of the start, the GET and the first POST: Javalin (the version the sandbox ships)
 * answering {@code GET /v0/cards/{id}} with fixed bytes and {@code POST /v0/cards} by parsing the
 * body with Jackson (the version the sandbox ships) and writing it back as JSON with an id; no
 * auth, no state, no validation, no journal. {@code BareJavalin PORT BODY_FILE}.
 */
public final class BareJavalin {
    private BareJavalin() {}

    /** Made on the first POST: the start and the GET (the start's floor) load no Jackson. */
    private static final class Jackson {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        byte[] body = Files.readAllBytes(Path.of(args[1]));
        Javalin app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.jetty.host = "127.0.0.1";
            config.jetty.port = port;
            config.routes.get("/v0/cards/{id}", ctx -> ctx.contentType("application/json;charset=utf-8").result(body));
            config.routes.post("/v0/cards", ctx -> {
                ObjectNode card = (ObjectNode) Jackson.MAPPER.readTree(ctx.bodyInputStream());
                card.put("id", "card_0000000000000000000");
                ctx.status(200).contentType("application/json;charset=utf-8").result(Jackson.MAPPER.writeValueAsBytes(card));
            });
        });
        app.start();
        System.out.println("bare Javalin listening on http://127.0.0.1:" + app.port());
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop));
        Thread.currentThread().join();
    }
}
