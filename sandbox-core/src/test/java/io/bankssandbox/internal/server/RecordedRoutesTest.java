package io.bankssandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a sandbox's recorded endpoints keep, and what they refuse. The JVM's shared app answers every
 * request through the pipeline, so a feature that registered an error page or a WebSocket would have it
 * silently never called: recording refuses both at start, loudly, instead.
 */
class RecordedRoutesTest {
    private final RecordedRoutes routes = new RecordedRoutes();

    @Test
    void endpointsAndExceptionHandlersMakeTheShapeInTheOrderTheyAreRegistered() throws Exception {
        List<String> called = new ArrayList<>();
        routes.get("/v0/cards", ctx -> called.add("cards"));
        routes.exception(IllegalArgumentException.class, (e, ctx) -> called.add("refused"));
        routes.post("/v0/cards", ctx -> called.add("create"));

        assertThat(routes.shape()).containsExactly(
                "GET /v0/cards", "exception java.lang.IllegalArgumentException", "POST /v0/cards");
        assertThat(routes.endpoints()).extracting(endpoint -> endpoint.path).containsExactly("/v0/cards", "/v0/cards");
        assertThat(routes.exceptionTypes()).containsExactly(IllegalArgumentException.class);

        routes.handle("POST /v0/cards", null);
        routes.handleException(IllegalArgumentException.class, new IllegalArgumentException(), null);
        assertThat(called).containsExactly("create", "refused");
    }

    @Test
    void aSecondHandlerForOneMethodAndPathIsRefusedRatherThanNeverReached() {
        Handler first = ctx -> { };
        routes.addEndpoint(new Endpoint(HandlerType.GET, "/v0/cards", first));

        assertThatThrownBy(() -> routes.addEndpoint(new Endpoint(HandlerType.GET, "/v0/cards", ctx -> { })))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("two handlers for GET /v0/cards");
        assertThat(routes.shape()).containsExactly("GET /v0/cards");
        assertThat(routes.endpoints()).hasSize(1).allSatisfy(endpoint -> assertThat(endpoint.handler).isSameAs(first));
    }

    @Test
    void errorHandlersAndWebSocketsAreRefusedAtRegistration() {
        assertThatThrownBy(() -> routes.error(404, ctx -> { }))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("no error handlers: every answer is the pipeline's");
        assertThatThrownBy(() -> routes.ws("/events", ws -> { }))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("no WebSockets");
        assertThatThrownBy(() -> routes.wsException(IllegalStateException.class, (e, ctx) -> { }))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("no WebSockets");
        assertThat(routes.shape()).isEmpty();
    }
}
