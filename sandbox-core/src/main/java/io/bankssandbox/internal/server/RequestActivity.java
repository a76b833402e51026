package io.bankssandbox.internal.server;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A sandbox's servlet, noting when it last served a request: a sandbox started on demand is closed
 * after a while without one, never while one is under way.
 */
final class RequestActivity implements Servlet {
    private final Servlet servlet;
    private final AtomicInteger underWay = new AtomicInteger();
    private volatile long lastNanos = System.nanoTime();

    RequestActivity(Servlet servlet) {
        this.servlet = servlet;
    }

    @Override
    public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        underWay.incrementAndGet();
        try {
            servlet.service(request, response);
        } finally {
            lastNanos = System.nanoTime();
            underWay.decrementAndGet();
        }
    }

    /** How long no request has been under way: zero while one is. */
    Duration idleFor() {
        return underWay.get() > 0 ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - lastNanos);
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        servlet.init(config);
    }

    @Override
    public ServletConfig getServletConfig() {
        return servlet.getServletConfig();
    }

    @Override
    public String getServletInfo() {
        return servlet.getServletInfo();
    }

    @Override
    public void destroy() {
        servlet.destroy();
    }
}
