package io.bankssandbox.internal.apicheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A module's checked-in API dump, {@code api/<artifactId>.api} at the module's root, against
 * {@link ApiDump} of its compiled classes. A difference fails with the diff and the command that
 * rewrites the file; with {@code -Dapi.update=true} the file is rewritten instead, so that a change
 * of the API is always a diff of that file, reviewed with the change.
 */
public final class ApiDumpFile {
    /** The system property (a Maven user property reaches the tests as one) that rewrites the file. */
    public static final String UPDATE_PROPERTY = "api.update";
    private static final int CONTEXT = 2;

    private ApiDumpFile() {}

    /** The file of a module, beside its pom.xml; the tests run in the module's directory. */
    public static Path of(String artifactId) {
        return moduleDirectory().resolve("api").resolve(artifactId + ".api");
    }

    /** The file of a sibling module in this reactor (for checks over all of them). */
    public static Path ofSibling(String artifactId) {
        return moduleDirectory().resolve("..").resolve(artifactId).resolve("api").resolve(artifactId + ".api")
                .normalize();
    }

    /** The command that rewrites the module's file from its compiled classes. */
    public static String updateCommand(String artifactId) {
        return "mvn -B test -pl " + artifactId + " -am -Dtest=PublicApiTest -Dsurefire.failIfNoSpecifiedTests=false -D"
                + UPDATE_PROPERTY + "=true";
    }

    /**
     * Fails unless the module's file holds the API of the module that {@code anyClass} belongs to,
     * or rewrites the file when {@link #UPDATE_PROPERTY} is true.
     */
    public static void assertMatches(String artifactId, Class<?> anyClass) {
        Path file = of(artifactId);
        String actual = "# Public API of " + artifactId + ": its public types outside " + ApiDump.INTERNAL
                + ", in " + String.join(", ", ApiDump.apiPackages(anyClass)) + ".\n"
                + "# Checked by PublicApiTest against the compiled classes. After an intended change, rewrite it with\n"
                + "#   " + updateCommand(artifactId) + "\n"
                + "# and commit it with the change: its diff is the API's review (docs/architecture.md).\n"
                + "\n"
                + ApiDump.of(anyClass);
        try {
            if (Boolean.getBoolean(UPDATE_PROPERTY)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
                System.out.println("[api] wrote " + file);
                return;
            }
            String expected = Files.exists(file) ? Files.readString(file).replace("\r\n", "\n") : "";
            if (!expected.equals(actual)) {
                throw new AssertionError("The public API of " + artifactId + " differs from " + file
                        + (expected.isEmpty() ? " (no such file)" : "") + " (- in the file, + compiled):\n"
                        + diff(expected, actual)
                        + "\nIf the change is intended, rewrite the file and commit it with the change:\n  "
                        + updateCommand(artifactId) + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path moduleDirectory() {
        String basedir = System.getProperty("basedir"); // set by surefire; an IDE runs in the module's directory
        return Path.of(basedir != null ? basedir : "").toAbsolutePath();
    }

    /** A line diff (longest common subsequence) in hunks with {@value #CONTEXT} lines of context. */
    static String diff(String expected, String actual) {
        String[] a = expected.split("\n", -1);
        String[] b = actual.split("\n", -1);
        int[][] common = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                common[i][j] = a[i].equals(b[j]) ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<String> lines = new ArrayList<>(); // " x", "-x", "+x"
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                lines.add(" " + a[i++]);
                j++;
            } else if (i < a.length && (j == b.length || common[i + 1][j] >= common[i][j + 1])) {
                lines.add("-" + a[i++]);
            } else {
                lines.add("+" + b[j++]);
            }
        }
        StringBuilder out = new StringBuilder();
        int lastShown = -1;
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).startsWith(" ")) {
                continue;
            }
            int from = Math.max(k - CONTEXT, lastShown + 1);
            if (from > lastShown + 1) {
                out.append("@@ line ").append(lineInFile(lines, from)).append('\n');
            }
            int to = k;
            while (to + 1 < lines.size() && (!lines.get(to + 1).startsWith(" ") || nearChange(lines, to + 1))) {
                to++;
            }
            to = Math.min(lines.size() - 1, to + CONTEXT);
            for (int l = from; l <= to; l++) {
                out.append(lines.get(l)).append('\n');
            }
            lastShown = to;
            k = to;
        }
        return out.toString();
    }

    /** A context line with a change at most {@value #CONTEXT} * 2 lines after it: the hunks join. */
    private static boolean nearChange(List<String> lines, int k) {
        for (int l = k; l < Math.min(lines.size(), k + 2 * CONTEXT + 1); l++) {
            if (!lines.get(l).startsWith(" ")) {
                return true;
            }
        }
        return false;
    }

    /** The 1-based line of the checked-in file at a diff line. */
    private static int lineInFile(List<String> lines, int upTo) {
        int line = 1;
        for (int l = 0; l < upTo; l++) {
            if (!lines.get(l).startsWith("+")) {
                line++;
            }
        }
        return line;
    }
}
