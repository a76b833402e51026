package io.bankssandbox.internal.standalone;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code serve [options]}: what the root command does when no command is named. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Serve the API, the control API and the dashboard (the default command).",
            "Every option is also an environment variable: --state-file FILE as BANKS_SANDBOX_STATE_FILE=FILE "
                + "(true or false for a flag); the command line wins."})
final class ServeCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ServeOptions options = new ServeOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        return options.serve(spec);
    }
}
