package io.bankssandbox.internal.http;

import io.javalin.http.Context;
import java.io.IOException;
import java.net.StandardSocketOptions;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;

/**
 * Ends a request's connection with no answer, as a network that loses one does: before a byte of the
 * response is written, the socket is closed with a linger of zero, which sends a TCP reset. The client
 * sees an I/O error at once ("connection reset"), never a status line and never a wait for one.
 */
final class ConnectionReset {
    private ConnectionReset() {}

    static void reset(Context ctx) {
        EndPoint endPoint = ServletContextRequest.getServletContextRequest(ctx.req()).getConnectionMetaData()
                .getConnection().getEndPoint();
        if (endPoint instanceof SocketChannelEndPoint socket) {
            try {
                socket.getChannel().setOption(StandardSocketOptions.SO_LINGER, 0);
            } catch (IOException e) {
                // the socket is already gone: closing it below is all there is left to do
            }
        }
        endPoint.close();
    }
}
