package io.bankssandbox.internal.http;

import io.javalin.http.Context;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the client reached this sandbox: the base URL every URL the sandbox writes starts with
 * ({@code base_url}, a card details page, a sandbox's dashboard). It is the address the client used,
 * never the one the server listens on: the request's {@code Host}, or what a proxy in front says it
 * was ({@code Forwarded} of RFC 7239, else {@code X-Forwarded-Host}, {@code -Proto}, {@code -Port}),
 * then the path a proxy took off ({@code X-Forwarded-Prefix}), then the path the sandbox is mounted
 * under on its port ({@link MountedRequest#MOUNT_PATH}). A header value that is not a plain host, a
 * scheme of {@code http} or {@code https}, a port or a path is ignored, so nothing a client sends can
 * put anything else into a URL.
 */
public final class ClientAddress {
    private static final Pattern AUTHORITY = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9._~%-]+)(:\\d{1,5})?");
    private static final Pattern PORT = Pattern.compile("\\d{1,5}");
    private static final Pattern PREFIX = Pattern.compile("/?[A-Za-z0-9._~%!$&'()*+;=:@/-]*");

    private final Context ctx;

    private ClientAddress(Context ctx) {
        this.ctx = ctx;
    }

    /** The address of {@code ctx}'s client, read from its headers only when a route asks for it. */
    static ClientAddress of(Context ctx) {
        return new ClientAddress(ctx);
    }

    /** {@code scheme://host[:port][prefix]}, without a trailing slash. */
    public String baseUrl() {
        String scheme = null;
        String authority = null;
        String forwarded = ctx.header("Forwarded");
        if (forwarded != null) {
            Map<String, String> first = firstElement(forwarded);
            scheme = scheme(first.get("proto"));
            authority = authority(first.get("host"));
        }
        boolean fromForwarded = authority != null;
        if (scheme == null) {
            scheme = scheme(firstValue(ctx.header("X-Forwarded-Proto")));
        }
        if (scheme == null) {
            scheme = ctx.scheme();
        }
        if (authority == null) {
            authority = authority(firstValue(ctx.header("X-Forwarded-Host")));
        }
        if (authority == null) {
            authority = authority(ctx.header("Host"));
        }
        if (authority == null) { // HTTP/1.0 without Host: the address the connection reached
            String server = ctx.req().getServerName();
            authority = (server.indexOf(':') >= 0 && !server.startsWith("[") ? "[" + server + "]" : server)
                    + ":" + ctx.req().getServerPort();
        }
        String port = firstValue(ctx.header("X-Forwarded-Port"));
        if (!fromForwarded && port != null && PORT.matcher(port).matches()) {
            authority = withPort(authority, port, scheme);
        }
        Object mountPath = ctx.attribute(MountedRequest.MOUNT_PATH);
        return scheme + "://" + authority + prefix(ctx.header("X-Forwarded-Prefix")) + (mountPath == null ? "" : mountPath);
    }

    private static String scheme(String value) {
        if (value == null) {
            return null;
        }
        String scheme = value.trim().toLowerCase(Locale.ROOT);
        return scheme.equals("http") || scheme.equals("https") ? scheme : null;
    }

    private static String authority(String value) {
        if (value == null) {
            return null;
        }
        String authority = value.trim();
        return AUTHORITY.matcher(authority).matches() ? authority : null;
    }

    private static String withPort(String authority, String port, String scheme) {
        int colon = authority.lastIndexOf(':');
        String host = colon > authority.lastIndexOf(']') ? authority.substring(0, colon) : authority;
        boolean usual = (scheme.equals("http") && port.equals("80")) || (scheme.equals("https") && port.equals("443"));
        return usual ? host : host + ":" + port;
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

    /** The first of a list header's comma-separated values (what the proxy nearest the client wrote). */
    private static String firstValue(String header) {
        if (header == null) {
            return null;
        }
        int comma = header.indexOf(',');
        String value = (comma < 0 ? header : header.substring(0, comma)).trim();
        return value.isEmpty() ? null : value;
    }

    /**
     * The parameters of the first element of a {@code Forwarded} header (RFC 7239: elements separated
     * by commas, parameters by semicolons, each {@code name=token} or {@code name="quoted string"}),
     * names in lower case.
     */
    static Map<String, String> firstElement(String header) {
        Map<String, String> parameters = new HashMap<>();
        StringBuilder name = new StringBuilder();
        StringBuilder value = new StringBuilder();
        boolean inValue = false;
        boolean quoted = false;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < header.length()) {
                    value.append(header.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                } else {
                    value.append(c);
                }
            } else if (c == '"' && inValue) {
                quoted = true;
            } else if (c == '=' && !inValue) {
                inValue = true;
            } else if (c == ';' || c == ',') {
                put(parameters, name, value);
                inValue = false;
                if (c == ',') {
                    return parameters;
                }
            } else if (c != ' ' && c != '\t') {
                (inValue ? value : name).append(c);
            }
        }
        put(parameters, name, value);
        return parameters;
    }

    private static void put(Map<String, String> parameters, StringBuilder name, StringBuilder value) {
        if (name.length() > 0) {
            parameters.putIfAbsent(name.toString().toLowerCase(Locale.ROOT), value.toString());
        }
        name.setLength(0);
        value.setLength(0);
    }
}
