package io.bankssandbox.internal.standalone.scenarios;

import java.time.Duration;
import java.util.List;

/**
 * What running one scenario file gave: each step's outcome, or the problems that kept it from
 * running (an invalid file, a sandbox that could not start). The console and the JUnit XML report
 * are both written from it.
 */
public record ScenarioResult(String name, String source, List<StepResult> steps, List<String> problems, Duration time) {

    /** One step: {@code number} counts from 1; {@code status} is null when nothing was answered. */
    public record StepResult(int number, String label, Integer status, List<String> problems, String answer,
                             Duration time) {
        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** A file that could not be run at all. */
    static ScenarioResult unrunnable(String name, String source, List<String> problems) {
        return new ScenarioResult(name, source, List.of(), List.copyOf(problems), Duration.ZERO);
    }

    public boolean passed() {
        return problems.isEmpty() && steps.stream().allMatch(StepResult::passed);
    }

    public long failedSteps() {
        return steps.stream().filter(step -> !step.passed()).count();
    }
}
