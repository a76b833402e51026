package io.bankssandbox.internal.http;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The servlets one port serves: its own, and those mounted under a path of it (a sandbox started on
 * demand, reached through the port of the sandbox that started it). A request whose path starts with
 * a mounted path goes to that path's servlet, every other one to the port's own; so a path closed (or
 * never mounted) is answered by the port's own servlet, as any unknown path is.
 */
final class MountedPaths {
    /** Two segments of unreserved characters, neither a dot segment: the path is found by its text alone. */
    private static final Pattern PATH = Pattern.compile("(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*){2}");

    private final Servlet own;
    private final Map<String, Servlet> under = new ConcurrentHashMap<>();
    /** The first segments of every path mounted here ({@code /sandboxes}): under one, a path not mounted is a closed one's. */
    private final Set<String> parents = ConcurrentHashMap.newKeySet();

    MountedPaths(Servlet own) {
        this.own = own;
    }

    static void check(String path) {
        if (!PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("not a path of two plain segments: " + path);
        }
    }

    void add(String path, Servlet servlet) {
        if (under.putIfAbsent(path, servlet) != null) {
            throw new IllegalStateException("a servlet is mounted under " + path + " already");
        }
        parents.add(path.substring(0, path.indexOf('/', 1)));
    }

    void remove(String path) {
        Servlet removed = under.remove(path);
        if (removed != null) {
            removed.destroy();
        }
    }

    void service(HttpServletRequest request, ServletResponse response) throws ServletException, IOException {
        if (!under.isEmpty()) {
            String path = firstTwoSegments(request.getRequestURI());
            Servlet servlet = path == null ? null : under.get(path);
            if (servlet != null) {
                servlet.service(new MountedRequest(request, path), response);
                return;
            }
        }
        own.service(request, response);
    }

    /**
     * {@code path} as the servlet answering it routes it, for an answer that must be made before any
     * servlet is found (Jetty's error pages): the rest after a mounted path, or after a path of the
     * same parent that is mounted no longer (the port's own servlet answers that path as the closed
     * sandbox's); any other path as it is.
     */
    String within(String path) {
        String mounted = firstTwoSegments(path);
        if (mounted == null || !(under.containsKey(mounted) || parents.contains(mounted.substring(0, mounted.indexOf('/', 1))))) {
            return path;
        }
        return path.length() == mounted.length() ? "/" : path.substring(mounted.length());
    }

    void destroy() {
        under.values().forEach(Servlet::destroy);
        under.clear();
        own.destroy();
    }

    /** {@code /a/b} of {@code /a/b/c...}, or null for a path of fewer segments. */
    private static String firstTwoSegments(String uri) {
        if (uri == null || uri.isEmpty() || uri.charAt(0) != '/') {
            return null;
        }
        int second = uri.indexOf('/', 1);
        if (second < 0) {
            return null;
        }
        int end = uri.indexOf('/', second + 1);
        return end < 0 ? uri : uri.substring(0, end);
    }
}
