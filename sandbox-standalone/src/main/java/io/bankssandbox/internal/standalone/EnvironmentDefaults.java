package io.bankssandbox.internal.standalone;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every {@code serve} option as an environment variable, {@code --state-file} as
 * {@code BANKS_SANDBOX_STATE_FILE}: GitHub Actions' service containers take variables but no command.
 * A picocli default value provider, so the command line still wins over the environment, and the
 * environment over the option's own default; picocli converts and checks a variable's value as it
 * would the option's, and {@link #explain} names the variable in what it says of a bad one.
 */
final class EnvironmentDefaults implements CommandLine.IDefaultValueProvider {
    static final String PREFIX = "BANKS_SANDBOX_";
    /**
     * Variables of the project's other tools, never options: the launchers' ({@code bin/banks-sandbox},
     * the npm package: JAVA, JAVA_OPTS, JAR, CDS), the Playwright fixture's URL, the pytest recipe's
     * (URL, JAR, IMAGE, ENGINE: docs/python.md) and the build's own. A server started beside them
     * (Playwright's webServer, the recipe's jar) must not refuse them.
     */
    static final Set<String> NOT_OPTIONS = Set.of("JAVA", "JAVA_OPTS", "JAR", "CDS", "URL", "IMAGE", "ENGINE", "VERSION",
            "BUILD_JAR");

    private final Map<String, String> environment;
    private final Set<ArgSpec> fromEnvironment = new HashSet<>();

    EnvironmentDefaults(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** {@code --state-file} -> {@code BANKS_SANDBOX_STATE_FILE}. */
    static String variable(OptionSpec option) {
        return PREFIX + option.longestName().replaceFirst("^--", "").replace('-', '_').toUpperCase(Locale.ROOT);
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        if (argument instanceof OptionSpec option && !option.usageHelp() && !option.versionHelp()) {
            String value = environment.get(variable(option));
            if (value != null) {
                fromEnvironment.add(argument);
                return value;
            }
        }
        return argument.defaultValue();
    }

    /** How the user gave this option: its variable when its value came from the environment, else its name. */
    String nameOf(OptionSpec option) {
        return fromEnvironment.contains(option) ? variable(option) : option.longestName();
    }

    /** A variable of this project that names no option of {@code serve}: a misspelling, or an option that is not there. */
    void refuseUnknown(CommandSpec serve) {
        Set<String> known = new TreeSet<>();
        for (OptionSpec option : serve.options()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                known.add(variable(option));
            }
        }
        for (String name : new TreeSet<>(environment.keySet())) {
            if (name.startsWith(PREFIX) && !known.contains(name) && !NOT_OPTIONS.contains(name.substring(PREFIX.length()))) {
                List<String> near = known.stream().filter(k -> similar(k, name)).toList();
                throw new CommandLine.ParameterException(serve.commandLine(), name + " is set, but serve has no option --"
                        + name.substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '-')
                        + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)"));
            }
        }
    }

    /** picocli's words for a bad value, with the variable named when the value came from it. */
    String explain(CommandLine.ParameterException e) {
        if (e.getArgSpec() instanceof OptionSpec option && fromEnvironment.contains(option)) {
            String quoted = "option '" + option.longestName() + "'";
            String message = e.getMessage();
            return message.contains(quoted) ? message.replace(quoted, variable(option)) : variable(option) + ": " + message;
        }
        return e.getMessage();
    }

    /** One character changed, added or removed: what a typo usually is. */
    private static boolean similar(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 1) {
            return false;
        }
        int prefix = 0;
        while (prefix < Math.min(a.length(), b.length()) && a.charAt(prefix) == b.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < Math.min(a.length(), b.length()) - prefix
                && a.charAt(a.length() - 1 - suffix) == b.charAt(b.length() - 1 - suffix)) {
            suffix++;
        }
        return Math.max(a.length(), b.length()) - prefix - suffix <= 1;
    }
}
