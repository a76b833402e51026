package io.bankssandbox.internal.http;

import java.util.EnumSet;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.ForwardedRequestCustomizer;
import org.eclipse.jetty.server.Request;

/**
 * What a proxy in front says the client's address was, applied to the request's scheme, server name
 * and port by Jetty's own {@link ForwardedRequestCustomizer} (RFC 7239's {@code Forwarded}, then
 * {@code X-Forwarded-Host}, then {@code X-Forwarded-Port}; {@code Forwarded}'s {@code proto}, then
 * {@code X-Forwarded-Proto}; the first element or value of each, the proxy nearest the client), so
 * {@link ClientAddress} and everything else reading them sees one answer.
 *
 * <p>Two limits of ours on top. Only those headers count: the others Jetty knows
 * ({@code X-Forwarded-Server}, {@code -For}, {@code X-Proxied-Https}, the SSL ones) are not ours to
 * document, and nothing here reads the client's own address. And nothing a client sends gets into a
 * URL unless it is a plain host, a port and {@code http} or {@code https}: Jetty refuses a value that
 * is no host or port (it would answer 400), and accepts any scheme and a host of RFC 3986's
 * sub-delimiters ({@code a'b}); a request with any such value is left as the connection saw it, as if
 * no proxy had spoken.
 *
 * <p>A request without any of these headers, nearly every one, costs one pass over its header fields
 * comparing the names Jetty's parser already resolved, and nothing is allocated for it.
 */
final class ForwardedHeaders extends ForwardedRequestCustomizer {
    private static final EnumSet<HttpHeader> HONOURED = EnumSet.of(HttpHeader.FORWARDED, HttpHeader.X_FORWARDED_HOST,
            HttpHeader.X_FORWARDED_PROTO, HttpHeader.X_FORWARDED_PORT);

    ForwardedHeaders() {
        setForwardedServerHeader(null);
        setForwardedForHeader(null);
        setForwardedHttpsHeader(null);
        setForwardedCipherSuiteHeader(null);
        setForwardedSslSessionIdHeader(null);
    }

    @Override
    public Request customize(Request request, HttpFields.Mutable responseHeaders) {
        if (!hasHonoured(request.getHeaders())) {
            return request;
        }
        Request forwarded;
        try {
            forwarded = super.customize(request, responseHeaders);
        } catch (NotPlain e) {
            return request;
        }
        HttpURI uri = forwarded.getHttpURI();
        boolean plain = isPlainScheme(uri.getScheme()) && (uri.getHost() == null || isPlainHost(uri.getHost()));
        return plain ? forwarded : request;
    }

    /** Whether any field is one of ours: by index and by the name Jetty's parser resolved, no iterator, no string compared. */
    private static boolean hasHonoured(HttpFields fields) {
        for (int i = 0, size = fields.size(); i < size; i++) {
            if (HONOURED.contains(fields.getField(i).getHeader())) {
                return true;
            }
        }
        return false;
    }

    /** Jetty's answer to a value it cannot read (no host, no port) is a 400; ours, to leave the request as it came. */
    @Override
    protected void onError(HttpField field, Throwable cause) {
        throw new NotPlain();
    }

    static boolean isPlainScheme(String scheme) {
        return "http".equals(scheme) || "https".equals(scheme);
    }

    /** A registered name of unreserved characters (percent-encoded ones included) or an IP literal in brackets. */
    static boolean isPlainHost(String host) {
        boolean literal = host.length() > 2 && host.charAt(0) == '[' && host.charAt(host.length() - 1) == ']';
        int from = literal ? 1 : 0;
        int to = literal ? host.length() - 1 : host.length();
        for (int i = from; i < to; i++) {
            char c = host.charAt(i);
            boolean plain = literal ? Character.digit(c, 16) >= 0 || c == ':' || c == '.'
                    : (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || ".-_~%".indexOf(c) >= 0;
            if (!plain) {
                return false;
            }
        }
        return to > from;
    }

    /** A forwarding header Jetty could not read: the request is left as it came. */
    private static final class NotPlain extends RuntimeException {
        NotPlain() {
            super(null, null, false, false);
        }
    }
}
