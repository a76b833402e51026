package io.bankssandbox.internal.standalone;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** Runs the command line in this JVM and keeps what it printed. */
record Cli(int exitCode, String out, String err) {
    static Cli run(String... args) {
        return run(Map.of(), args);
    }

    /** With these environment variables only (the test JVM's own are not the user's). */
    static Cli run(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, environment, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }
}
