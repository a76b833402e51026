package io.bankssandbox.internal.runtime;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import io.bankssandbox.internal.http.JettyHost;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Under Logback (Spring Boot's logging), the lines Jetty and Javalin write below WARN about the
 * sandboxes' own server stay out of the application's log: the server's start and warm-up (on its
 * threads) and each sandbox's connector started and stopped (a line naming that connector). Lines
 * about an application's own Jetty server, every WARN and ERROR, and every other logger are left to
 * the application's configuration, which this neither reads nor changes: a turbo filter decides
 * before any logger's level is looked at. Spring Boot resets Logback's filters when it configures
 * logging, so {@link #install()} is called again at each sandbox start and does nothing if the
 * filter is there.
 */
final class LogbackQuieting extends TurboFilter {
    private static final String NAME = "banks-sandbox: Jetty lines about the sandboxes' own server";

    private LogbackQuieting() {
        setName(NAME);
    }

    /** Adds the filter to SLF4J's Logback, if Logback is the provider and the filter is not there yet. */
    static void install() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            synchronized (logback.getTurboFilterList()) {
                if (logback.getTurboFilterList().stream().noneMatch(filter -> NAME.equals(filter.getName()))) {
                    LogbackQuieting filter = new LogbackQuieting();
                    filter.start();
                    logback.addTurboFilter(filter);
                }
            }
        }
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (level != null && level.isGreaterOrEqual(Level.WARN)) {
            return FilterReply.NEUTRAL;
        }
        String name = logger.getName();
        if (!name.startsWith("org.eclipse.jetty") && !name.startsWith("io.javalin")) {
            return FilterReply.NEUTRAL;
        }
        return Thread.currentThread().getName().startsWith(JettyHost.THREAD_NAMES) || namesOurConnector(params)
                ? FilterReply.DENY : FilterReply.NEUTRAL;
    }

    private static boolean namesOurConnector(Object[] params) {
        if (params != null) {
            for (Object param : params) {
                if (JettyHost.serves(param)) {
                    return true;
                }
            }
        }
        return false;
    }
}
