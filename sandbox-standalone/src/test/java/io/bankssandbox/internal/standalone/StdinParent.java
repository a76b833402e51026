package io.bankssandbox.internal.standalone;

import java.io.File;
import java.util.List;

/**
 * A parent process as a test runner is one: starts {@code serve --stop-on-stdin-close} with a pipe as
 * its standard input (its output to a file), prints the server's pid, and waits to be killed.
 * Run as its own JVM by {@link StopOnStdinCloseTest}.
 */
public final class StdinParent {
    private StdinParent() {}

    /** {@code OUTPUT_FILE JAVA_COMMAND...}. */
    public static void main(String[] args) throws Exception {
        File output = new File(args[0]);
        Process server = new ProcessBuilder(List.of(args).subList(1, args.length))
                .redirectOutput(output).redirectErrorStream(true).start(); // standard input: a pipe from this process
        System.out.println("server pid " + server.pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
