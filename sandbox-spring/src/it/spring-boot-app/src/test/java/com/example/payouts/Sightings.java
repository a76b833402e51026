package com.example.payouts;

import io.bankssandbox.Sandbox;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.ApplicationContext;

/** What each test class saw, so that later classes can compare: same context and sandbox, or their own. */
final class Sightings {
    record Seen(ApplicationContext context, Sandbox sandbox, String baseUrlProperty) {}

    static final Map<Class<?>, Seen> BY_CLASS = new ConcurrentHashMap<>();

    private Sightings() {}

    static Seen note(Class<?> testClass, ApplicationContext context, Sandbox sandbox) {
        Seen seen = new Seen(context, sandbox, context.getEnvironment().getProperty("bank.base-url"));
        BY_CLASS.put(testClass, seen);
        return seen;
    }

    /** "tomcat…" or "jetty…": the server Boot started for the application (its class and name moved between Boot 3 and 4). */
    static String webServer(ApplicationContext context) {
        try {
            Object server = context.getClass().getMethod("getWebServer").invoke(context);
            return server.getClass().getSimpleName().replace("WebServer", "").toLowerCase();
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("not a web application context: " + context.getClass(), e);
        }
    }
}
