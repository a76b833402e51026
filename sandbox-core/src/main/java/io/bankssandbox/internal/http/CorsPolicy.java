package io.bankssandbox.internal.http;

import io.javalin.http.Context;
import java.util.List;
import java.util.regex.Pattern;

/**
 * CORS for a frontend dev server calling the sandbox from another origin. An allowed origin is
 * echoed back (never {@code *}, which browsers refuse together with credentials); any other origin
 * gets no CORS header at all, so the browser blocks it as the real service would. Patterns may use
 * {@code *} for any run of characters without a slash ({@code http://localhost:*}); a lone
 * {@code *} allows every origin, still echoed.
 */
public final class CorsPolicy {
    /** Any localhost origin on any port: what a dev server next to the sandbox uses. */
    public static final List<String> LOCALHOST = List.of("http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*",
            "https://localhost:*", "https://127.0.0.1:*");

    static final String ALLOW_HEADERS = "Authorization, Content-Type, Idempotency-Key, Accept";
    static final String EXPOSE_HEADERS = "Idempotency-Replayed, Retry-After";

    private final List<Pattern> allowed;

    public CorsPolicy(List<String> origins) {
        this.allowed = origins.stream().map(String::trim).filter(o -> !o.isEmpty()).map(CorsPolicy::pattern).toList();
    }

    private static Pattern pattern(String origin) {
        if (origin.equals("*")) {
            return Pattern.compile(".+");
        }
        // a trailing slash in a configured origin would never match what a browser sends
        String trimmed = origin.endsWith("/") ? origin.substring(0, origin.length() - 1) : origin;
        StringBuilder regex = new StringBuilder();
        String[] parts = trimmed.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append("[^/]*");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE);
    }

    public boolean allows(String origin) {
        if (origin == null || origin.isEmpty()) {
            return false;
        }
        for (Pattern p : allowed) {
            if (p.matcher(origin).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Ours, plus whatever else the page asks to send (a sandbox has no reason to refuse a tracing header). */
    static String allowHeaders(String requested) {
        StringBuilder out = new StringBuilder(ALLOW_HEADERS);
        if (requested != null) {
            String known = ALLOW_HEADERS.toLowerCase();
            for (String header : requested.split(",")) {
                String name = header.trim();
                if (!name.isEmpty() && name.matches("[A-Za-z0-9-]+") && !known.contains(name.toLowerCase())) {
                    out.append(", ").append(name);
                }
            }
        }
        return out.toString();
    }

    /** Before every request: the headers an actual (non-preflight) cross-origin request needs. */
    public void decorate(Context ctx) {
        String origin = ctx.header("Origin");
        ctx.header("Vary", "Origin");
        if (allows(origin)) {
            ctx.header("Access-Control-Allow-Origin", origin);
            ctx.header("Access-Control-Allow-Credentials", "true");
            ctx.header("Access-Control-Expose-Headers", EXPOSE_HEADERS);
        }
    }

    /** A CORS preflight: the browser's OPTIONS announcing the method a page is about to send. */
    static boolean isPreflight(Context ctx) {
        return ctx.header("Origin") != null && ctx.header("Access-Control-Request-Method") != null;
    }

    /**
     * An OPTIONS request: 204, before auth and routing, so a preflight never meets a 401 or a 404.
     * {@code Allow} names what the path serves ({@code allow}, absent when nothing does). Only an allowed
     * origin gets the Allow-* headers, which let through every method the sandbox serves somewhere
     * ({@code anywhere}), as the vendor's CORS does: a page that sends a method the path does not serve
     * then sees its documented 404, not an opaque CORS failure.
     */
    void preflight(Context ctx, java.util.Set<String> allow, java.util.Set<String> anywhere) {
        String origin = ctx.header("Origin");
        if (!allow.isEmpty()) {
            ctx.header("Allow", ServedMethods.header(allow));
        }
        if (allows(origin)) {
            ctx.header("Access-Control-Allow-Methods", ServedMethods.header(anywhere));
            ctx.header("Access-Control-Allow-Headers", allowHeaders(ctx.header("Access-Control-Request-Headers")));
            ctx.header("Access-Control-Max-Age", "600");
            if ("true".equalsIgnoreCase(ctx.header("Access-Control-Request-Private-Network"))) {
                // Chrome asks this before a public page may call a loopback server such as this one
                ctx.header("Access-Control-Allow-Private-Network", "true");
            }
        }
        ctx.status(204);
    }
}
