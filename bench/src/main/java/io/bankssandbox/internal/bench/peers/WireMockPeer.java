package io.bankssandbox.internal.bench.peers;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;

/** WireMock as its documentation embeds it: {@code new WireMockServer(options().dynamicPort())}, one stub. */
public final class WireMockPeer implements Server {
    private final WireMockServer server;

    private WireMockPeer(WireMockServer server) {
        this.server = server;
    }

    public static Server start(byte[] body) {
        WireMockServer server = new WireMockServer(options().dynamicPort());
        server.start();
        server.stubFor(get(urlPathEqualTo("/v0/cards/" + CARD)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json;charset=utf-8").withBody(body)));
        return new WireMockPeer(server);
    }

    @Override
    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    @Override
    public void close() {
        server.stop();
    }
}
