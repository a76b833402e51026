package io.bankssandbox.spring;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** Runs test classes the way a user's build would, one after another, in this JVM (so with Spring's one context cache). */
final class Scenarios {
    private Scenarios() {}

    static Events run(Class<?>... classes) {
        return execute(classes).testEvents();
    }

    /** The first failure among tests and classes alike (a context that cannot start fails the class). */
    static Throwable firstFailure(Class<?>... classes) {
        return execute(classes).allEvents().failed().stream().findFirst()
                .flatMap(event -> event.getPayload(TestExecutionResult.class))
                .flatMap(TestExecutionResult::getThrowable)
                .orElseThrow(() -> new AssertionError("nothing failed"));
    }

    /**
     * As a user's build with JUnit's parallel execution on and everything concurrent by default
     * ({@code junit.jupiter.execution.parallel.mode.default=concurrent}, classes too), on 4 threads.
     */
    static Events runConcurrently(Class<?>... classes) {
        return request(classes)
                .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
                .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
                .execute().testEvents();
    }

    private static EngineExecutionResults execute(Class<?>... classes) {
        return request(classes).execute();
    }

    private static EngineTestKit.Builder request(Class<?>... classes) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(Arrays.stream(classes).map(c -> selectClass(c)).toArray(DiscoverySelector[]::new));
    }
}
