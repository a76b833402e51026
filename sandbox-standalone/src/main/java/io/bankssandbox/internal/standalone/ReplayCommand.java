package io.bankssandbox.internal.standalone;

import io.bankssandbox.internal.standalone.scenarios.JUnitXmlReport;
import io.bankssandbox.internal.standalone.scenarios.ScenarioReplay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code replay [--check] [--junit-xml DIR] [--seed N] [--shipped] FILE|DIR...}. */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Run QA scenario files (JSON or YAML), each on a fresh sandbox with a frozen clock at the fixture "
                + "start. Ends with 'N passed, M failed'; exits 1 on any failure.")
final class ReplayCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "FILE|DIR",
            description = "Scenario files, or directories of *.json, *.yaml and *.yml scenarios.")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--shipped", description = "Also run the scenarios shipped in the jar (the fixtures module's).")
    boolean shipped;

    @Option(names = "--check", description = "Validate the files without running them: print every problem "
            + "(file:line:column, step, JSON pointer, rule), end with 'N valid, M invalid', exit 1 on any problem.")
    boolean check;

    @Option(names = "--junit-xml", paramLabel = "DIR",
            description = "Also write one Surefire-format JUnit XML report per scenario file into DIR (TEST-<file>.xml).")
    Path junitXml;

    @Option(names = "--seed", paramLabel = "N",
            description = "Run every scenario with this seed of generated ids instead of its own.")
    Long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (paths.isEmpty() && !shipped) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give scenario files or directories, or --shipped");
        }
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no such file or directory: " + path);
            }
        }
        if (check && junitXml != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--check runs nothing, so it writes no --junit-xml");
        }
        List<Path> all = new ArrayList<>(paths);
        if (shipped) {
            all.add(ScenarioReplay.shipped());
        }
        ScenarioReplay replay = new ScenarioReplay(spec.commandLine().getOut(), seed,
                junitXml == null ? null : new JUnitXmlReport(junitXml));
        return (check ? replay.check(all) : replay.run(all)) ? 0 : 1;
    }
}
