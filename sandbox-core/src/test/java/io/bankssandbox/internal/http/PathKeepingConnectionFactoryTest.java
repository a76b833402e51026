package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.jetty.io.ByteArrayEndPoint;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.junit.jupiter.api.Test;

/** The sandbox's connections are Jetty's HTTP/1.1 connections: what the factory is configured with reaches each. */
class PathKeepingConnectionFactoryTest {

    @Test
    void eachConnectionTakesTheFactorysChunkLimit() {
        PathKeepingConnectionFactory factory = new PathKeepingConnectionFactory(new HttpConfiguration());
        factory.setTransferEncodingChunkMaxLength(4096);
        HttpConnection connection = (HttpConnection) factory.newConnection(new LocalConnector(new Server(), factory),
                new ByteArrayEndPoint());
        assertThat(connection.getTransferEncodingChunkMaxLength()).isEqualTo(4096);
    }

    @Test
    void theReadableStartOfATargetIsItsPlainPathPrefix() {
        assertThat(PathKeepingConnectionFactory.readableStart("/v0/cards/%zz")).isEqualTo("/v0/cards/");
        assertThat(PathKeepingConnectionFactory.readableStart("%zz")).isEqualTo("/");
    }
}
