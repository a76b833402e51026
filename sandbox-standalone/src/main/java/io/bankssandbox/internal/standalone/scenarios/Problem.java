package io.bankssandbox.internal.standalone.scenarios;

/**
 * One thing wrong with a scenario file, where it is: {@code file:line:column: step N: /pointer: rule}.
 * Steps are counted from 1, as in the run's output; the JSON pointer keeps its 0-based index
 * because that is what a pointer is. {@code line} 0 means the place is not known.
 */
public record Problem(String file, int line, int column, int step, String pointer, String rule) {

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(file);
        if (line > 0) {
            out.append(':').append(line).append(':').append(column);
        }
        out.append(": ");
        if (step > 0) {
            out.append("step ").append(step).append(", ");
        }
        if (pointer != null && !pointer.isEmpty()) {
            out.append(pointer).append(": ");
        }
        return out.append(rule).toString();
    }
}
