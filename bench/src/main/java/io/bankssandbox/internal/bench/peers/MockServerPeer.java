package io.bankssandbox.internal.bench.peers;

import static org.mockserver.model.HttpRequest.request;
import static org.mockserver.model.HttpResponse.response;

import org.mockserver.integration.ClientAndServer;
import org.mockserver.model.BinaryBody;

/** MockServer as its documentation embeds it: {@code ClientAndServer.startClientAndServer(0)}, one expectation. */
public final class MockServerPeer implements Server {
    private final ClientAndServer server;

    private MockServerPeer(ClientAndServer server) {
        this.server = server;
    }

    public static Server start(byte[] body) {
        ClientAndServer server = ClientAndServer.startClientAndServer(0);
        server.when(request().withMethod("GET").withPath("/v0/cards/" + CARD)).respond(response().withStatusCode(200)
                .withHeader("Content-Type", "application/json;charset=utf-8").withBody(new BinaryBody(body)));
        return new MockServerPeer(server);
    }

    @Override
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getPort();
    }

    @Override
    public void close() {
        server.stop();
    }
}
