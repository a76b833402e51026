package io.bankssandbox.internal.standalone;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.fixtures.FixtureLoader;
import io.bankssandbox.internal.fixtures.StateCodec;
import io.bankssandbox.internal.server.SandboxServer;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code validate-fixtures DIR}: a fixture set checked, each problem on a line of its own. */
@Command(name = "validate-fixtures", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Check a fixture set (a directory, or a shipped set's name) against the fixture schemas and rules.")
final class ValidateFixturesCommand implements Callable<Integer> {
    @Parameters(arity = "1", paramLabel = "DIR", description = "Fixture directory (entities.json, accounts.json, ...).")
    String directory;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "N", description = "Seed of generated ids. Default: ${DEFAULT-VALUE}")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            StateCodec codec = SandboxServer.FIXTURES.codec();
            StateCodec.Decoded decoded = codec.decode(FixtureLoader.read(codec.files(), directory), seed);
            var state = decoded.state();
            out.println("OK " + directory + ": " + state.table(Entity.TABLE).size() + " entities, " + state.table(Account.TABLE).size()
                    + " accounts, " + state.table(Card.TABLE).size() + " cards, " + state.apiKeys.size() + " API keys");
            return 0;
        } catch (FixtureException e) {
            for (String problem : e.problems()) {
                err.println(problem);
            }
            err.println(Main.NAME + ": " + directory + " is not a valid fixture set (" + e.problems().size()
                    + (e.problems().size() == 1 ? " problem)" : " problems)"));
            return 1;
        }
    }
}
