package io.bankssandbox.internal.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which methods each path serves, recorded as the routes register: what {@code OPTIONS} answers in
 * {@code Allow} (a GET route serves HEAD too, and every path OPTIONS), and what a preflight may ask
 * for anywhere. Filled while the app is built, read after: a plain list, matched segment by segment
 * as Javalin matches ({@code {id}} is one non-empty segment; a trailing slash is ignored).
 */
public final class ServedMethods {
    /** The order methods are listed in. */
    private static final List<String> ORDER = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private record Served(String method, String[] segments) {}

    private final List<Served> routes = new ArrayList<>();

    /** Records that {@code method} is served at {@code template} ({@code /v0/cards/{card_id}}). */
    public synchronized void add(String method, String template) {
        routes.add(new Served(method, segments(template)));
    }

    /**
     * The methods served at {@code path}, HEAD and OPTIONS included; empty when no route serves it. As
     * OpenAPI matches, a literal path is matched before a template that would also match it: at
     * {@code /_sandbox/webhooks/deliveries}, {@code DELETE /_sandbox/webhooks/{endpoint_id}} is not served.
     */
    public synchronized Set<String> at(String path) {
        String[] asked = segments(path);
        Set<String> methods = new LinkedHashSet<>();
        int mostLiteral = -1;
        for (Served route : routes) {
            if (matches(route.segments(), asked)) {
                int literal = literals(route.segments());
                if (literal > mostLiteral) {
                    methods.clear();
                    mostLiteral = literal;
                }
                if (literal == mostLiteral) {
                    methods.add(route.method());
                }
            }
        }
        return ordered(methods);
    }

    /**
     * Whether some paths {@code template} matches belong to a more literal template (so that a request
     * there is that path's, see {@link #at}); worked out once per template, on its first request.
     */
    public boolean shadowed(String template) {
        return shadowed.computeIfAbsent(template, t -> {
            String[] mine = segments(t);
            synchronized (this) {
                for (Served route : routes) {
                    if (literals(route.segments()) > literals(mine) && overlaps(mine, route.segments())) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    private final java.util.Map<String, Boolean> shadowed = new java.util.concurrent.ConcurrentHashMap<>();

    private static int literals(String[] segments) {
        int count = 0;
        for (String segment : segments) {
            if (!isParameter(segment)) {
                count++;
            }
        }
        return count;
    }

    private static boolean overlaps(String[] a, String[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!isParameter(a[i]) && !isParameter(b[i]) && !a[i].equals(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isParameter(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    /** Every method some path serves: what a CORS preflight may ask for, wherever it asks. */
    public synchronized Set<String> anywhere() {
        Set<String> methods = new LinkedHashSet<>();
        routes.forEach(route -> methods.add(route.method()));
        return ordered(methods);
    }

    /** The {@code Allow} header's value. */
    public static String header(Set<String> methods) {
        return String.join(", ", methods);
    }

    private static Set<String> ordered(Set<String> methods) {
        if (methods.isEmpty()) {
            return Set.of();
        }
        if (methods.contains("GET")) {
            methods.add("HEAD");
        }
        methods.add("OPTIONS");
        Set<String> out = new LinkedHashSet<>();
        ORDER.stream().filter(methods::contains).forEach(out::add);
        return Collections.unmodifiableSet(out);
    }

    private static String[] segments(String path) {
        String trimmed = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.split("/", -1);
    }

    private static boolean matches(String[] template, String[] path) {
        if (template.length != path.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            if (isParameter(template[i]) ? path[i].isEmpty() : !template[i].equals(path[i])) {
                return false;
            }
        }
        return true;
    }
}
