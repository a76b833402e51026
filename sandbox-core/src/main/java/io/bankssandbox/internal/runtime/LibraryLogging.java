package io.bankssandbox.internal.runtime;

import java.util.ServiceLoader;

/**
 * Keeps the server's libraries out of a test run's console unless output is verbose. Only defaults
 * are set, never a level the application configured: a user who sets a level for one of these
 * loggers, or {@code slf4j.internal.verbosity}, keeps it.
 *
 * <ul>
 * <li>SLF4J without a provider prints three "No SLF4J providers were found" lines: when no provider
 * is on the class path, its internal reporting is set to errors only (nothing else can be lost: with
 * no provider, nothing is logged anyway).</li>
 * <li>With slf4j-simple as the provider (configured by system properties), Jetty, Javalin and the
 * schema library start at WARN (Jetty's reading of host headers at ERROR: a bad one is the client's
 * mistake, answered or ignored).</li>
 * <li>With Logback (Spring Boot's logging), the levels stay the application's, and a filter keeps
 * out the lines Jetty writes below WARN about the sandboxes' own server ({@link LogbackQuieting}).
 * With Log4j, your configuration decides: docs/junit.md shows the line that quiets Jetty.</li>
 * </ul>
 */
public final class LibraryLogging {
    private static final String[] SERVER_LIBRARIES = {"org.eclipse.jetty", "io.javalin", "com.networknt"};
    /**
     * Whether this JVM's libraries were quieted: the settings are the JVM's system properties, made
     * once; looking the SLF4J provider up again (a service lookup through the class path's jars) was a
     * few percent of each further sandbox's start.
     */
    private static final java.util.concurrent.atomic.AtomicBoolean QUIETED = new java.util.concurrent.atomic.AtomicBoolean();
    /** Whether Logback is this JVM's provider: its filter is checked at every start, not once (see below). */
    private static volatile boolean logback;

    private LibraryLogging() {}

    /** Quiets the libraries before the first of them logs; called before a sandbox is built. */
    public static void quiet() {
        if (QUIETED.compareAndSet(false, true)) {
            quietOnce();
        }
        if (logback) {
            // again at each start: Spring Boot resets Logback's filters whenever a new application
            // context configures logging, so a filter added at the JVM's first sandbox can be gone
            LogbackQuieting.install();
        }
    }

    private static void quietOnce() {
        if (!hasSlf4jProvider()) {
            setIfAbsent("slf4j.internal.verbosity", "ERROR");
        } else if (isPresent("org.slf4j.simple.SimpleLogger")) {
            for (String library : SERVER_LIBRARIES) {
                setIfAbsent("org.slf4j.simpleLogger.log." + library, "warn");
            }
            // a Host or X-Forwarded-Host that is no host is the client's mistake, answered or ignored: not the server's warning
            setIfAbsent("org.slf4j.simpleLogger.log.org.eclipse.jetty.util.HostPort", "error");
        }
        // LogbackQuieting is loaded only then: without Logback, nothing names its classes
        logback = isPresent("ch.qos.logback.classic.turbo.TurboFilter");
    }

    private static boolean hasSlf4jProvider() {
        ClassLoader loader = LibraryLogging.class.getClassLoader();
        return ServiceLoader.load(org.slf4j.spi.SLF4JServiceProvider.class, loader).findFirst().isPresent()
                || System.getProperty("slf4j.provider") != null;
    }

    private static boolean isPresent(String className) {
        try {
            Class.forName(className, false, LibraryLogging.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static void setIfAbsent(String property, String value) {
        synchronized (System.getProperties()) {
            if (System.getProperty(property) == null) {
                System.setProperty(property, value);
            }
        }
    }
}
