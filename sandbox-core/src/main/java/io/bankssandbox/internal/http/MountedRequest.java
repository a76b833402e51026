package io.bankssandbox.internal.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * A request to a servlet mounted under a path of a port ({@link JettyHost.Mount#mountUnder}), as that
 * servlet sees it: its path is the rest after the mounted path, so the sandbox behind it routes,
 * journals and names paths in errors exactly as at the root of a port of its own; the attribute
 * {@link #MOUNT_PATH} keeps what was taken off, for the URLs it writes ({@link ClientAddress}).
 */
final class MountedRequest extends HttpServletRequestWrapper {
    /** The request attribute naming the path a request's servlet is mounted under (absent at a port's root). */
    static final String MOUNT_PATH = "io.bankssandbox.mountPath";

    private final String mountPath;
    private final String rest;

    MountedRequest(HttpServletRequest request, String mountPath) {
        super(request);
        this.mountPath = mountPath;
        this.rest = rest(request.getRequestURI(), mountPath);
    }

    private static String rest(String path, String mountPath) {
        return path == null || path.length() <= mountPath.length() ? "/" : path.substring(mountPath.length());
    }

    @Override
    public String getRequestURI() {
        return rest;
    }

    @Override
    public String getContextPath() {
        return "";
    }

    @Override
    public String getServletPath() {
        return "";
    }

    @Override
    public String getPathInfo() {
        // the mounted path is unreserved characters only: decoded, it is the same text
        return rest(super.getPathInfo(), mountPath);
    }

    @Override
    public Object getAttribute(String name) {
        return MOUNT_PATH.equals(name) ? mountPath : super.getAttribute(name);
    }
}
