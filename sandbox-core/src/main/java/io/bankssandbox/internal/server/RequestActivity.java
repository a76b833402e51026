package io.bankssandbox.internal.server;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A sandbox's servlet, noting when it last served a request: a sandbox started on demand is closed
 * after a while without one, never while one is under way.
 */
final class RequestActivity implements Servlet {
    private final Servlet servlet;
    private final AtomicInteger underWay = new AtomicInteger();
    /** Nanoseconds from a fixed origin: {@link System#nanoTime()}, or a test's own. */
    private final LongSupplier ticker;
    private volatile long lastNanos;

    RequestActivity(Servlet servlet, LongSupplier ticker) {
        this.servlet = servlet;
        this.ticker = ticker;
        this.lastNanos = ticker.getAsLong();
    }

    @Override
    public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        underWay.incrementAndGet();
        try {
            servlet.service(request, response);
        } finally {
            lastNanos = ticker.getAsLong();
            underWay.decrementAndGet();
        }
    }

    /** How long no request has been under way: zero while one is. */
    Duration idleFor() {
        return underWay.get() > 0 ? Duration.ZERO : Duration.ofNanos(ticker.getAsLong() - lastNanos);
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
