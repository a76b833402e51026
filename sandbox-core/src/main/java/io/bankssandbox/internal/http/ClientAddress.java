package io.bankssandbox.internal.http;

import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletRequest;
import java.util.regex.Pattern;

/**
 * Where the client reached this sandbox: the base URL every URL the sandbox writes starts with
 * ({@code base_url}, a card details page, a sandbox's dashboard). It is the address the client used,
 * never the one the server listens on: the request's scheme, server name and port, which are its
 * {@code Host} or what a proxy in front says it was ({@link ForwardedHeaders}); then the path a proxy
 * took off ({@code X-Forwarded-Prefix}, which Jetty does not read), then the path the sandbox is
 * mounted under on its port ({@link MountedRequest#MOUNT_PATH}). A {@code Host} that is not a plain
 * host gives way to the address the connection reached, and a prefix that is not a plain path is
 * ignored, so nothing a client sends can put anything else into a URL.
 */
public final class ClientAddress {
    private static final Pattern PREFIX = Pattern.compile("/?[A-Za-z0-9._~%!$&'()*+;=:@/-]*");

    private final Context ctx;

    private ClientAddress(Context ctx) {
        this.ctx = ctx;
    }

    /** The address of {@code ctx}'s client, read from its request only when a route asks for it. */
    static ClientAddress of(Context ctx) {
        return new ClientAddress(ctx);
    }

    /** {@code scheme://host[:port][prefix]}, without a trailing slash. */
    public String baseUrl() {
        HttpServletRequest request = ctx.req();
        String scheme = request.getScheme();
        String host = request.getServerName();
        int port = request.getServerPort();
        if (!ForwardedHeaders.isPlainHost(host)) { // what Jetty accepts of a Host beyond ours: RFC 3986's sub-delimiters
            String local = request.getLocalAddr();
            host = local.indexOf(':') >= 0 && !local.startsWith("[") ? "[" + local + "]" : local;
            port = request.getLocalPort();
        }
        boolean usual = (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
        Object mountPath = ctx.attribute(MountedRequest.MOUNT_PATH);
        return scheme + "://" + host + (usual ? "" : ":" + port) + prefix(ctx.header("X-Forwarded-Prefix"))
                + (mountPath == null ? "" : mountPath);
    }

    /** Each proxy's prefix in turn (the first proxy's first), each without its trailing slash; "" for none. */
    private static String prefix(String header) {
        if (header == null) {
            return "";
        }
        StringBuilder prefix = new StringBuilder();
        for (String part : header.split(",")) {
            String value = part.trim();
            if (!PREFIX.matcher(value).matches()) {
                return "";
            }
            while (value.endsWith("/")) {
                value = value.substring(0, value.length() - 1);
            }
            if (!value.isEmpty()) {
                prefix.append(value.startsWith("/") ? "" : "/").append(value);
            }
        }
        return prefix.toString();
    }
}
