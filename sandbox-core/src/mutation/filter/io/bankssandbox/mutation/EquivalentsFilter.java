package io.bankssandbox.mutation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.pitest.bytecode.analysis.ClassTree;
import org.pitest.mutationtest.build.InterceptorParameters;
import org.pitest.mutationtest.build.InterceptorType;
import org.pitest.mutationtest.build.MutationInterceptor;
import org.pitest.mutationtest.build.MutationInterceptorFactory;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.plugin.Feature;
import org.pitest.plugin.FeatureParameter;

/**
 * A PIT feature that leaves the mutants of mutation-equivalents.txt out of the run. An equivalent
 * survives by definition, and a survivor runs every test that covers its line: in the request
 * pipeline that is nearly every test over HTTP, minutes a mutant. MutationScores counts the ones
 * left out (listed in equivalents-not-run.txt beside PIT's report) as equivalent, as it counts
 * the listed ones that ran, so the score is the same either way.
 *
 * <pre>+EQUIVALENTS(file[path/to/mutation-equivalents.txt])</pre>
 */
public final class EquivalentsFilter implements MutationInterceptorFactory {
    private static final FeatureParameter FILE = FeatureParameter.named("file")
            .withDescription("the equivalents file: class | method | line | mutator | why");

    /** What MutationScores reads: one left-out mutant a line, class | method | line | mutator. */
    public static final String NOT_RUN = "equivalents-not-run.txt";

    @Override
    public Feature provides() {
        return Feature.named("EQUIVALENTS").withOnByDefault(false).withParameter(FILE)
                .withDescription("Leaves the mutants listed as equivalent out of the run");
    }

    @Override
    public String description() {
        return "Equivalent mutants filter";
    }

    @Override
    public MutationInterceptor createInterceptor(InterceptorParameters params) {
        Path file = Path.of(params.getString(FILE)
                .orElseThrow(() -> new IllegalArgumentException("EQUIVALENTS needs file[...]")));
        Path notRun = Path.of(params.data().getReportDir()).resolve(NOT_RUN);
        return new Interceptor(readKeys(file), notRun);
    }

    static Set<String> readKeys(Path file) {
        try {
            return Files.readAllLines(file).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(line -> line.split("\\|", 5))
                    .map(parts -> key(parts[0], parts[1], parts[2], parts[3]))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String key(String mutatedClass, String method, Object line, String mutator) {
        String simpleMutator = mutator.strip().substring(mutator.strip().lastIndexOf('.') + 1);
        return String.join(" | ", mutatedClass.strip(), method.strip(), String.valueOf(line).strip(), simpleMutator);
    }

    private static final class Interceptor implements MutationInterceptor {
        private final Set<String> equivalents;
        private final Path notRunFile;
        private final Set<String> notRun = new TreeSet<>();

        Interceptor(Set<String> equivalents, Path notRunFile) {
            this.equivalents = equivalents;
            this.notRunFile = notRunFile;
        }

        @Override
        public InterceptorType type() {
            return InterceptorType.FILTER;
        }

        @Override
        public void begin(ClassTree clazz) {
        }

        @Override
        public synchronized Collection<MutationDetails> intercept(Collection<MutationDetails> mutations, Mutater unused) {
            List<MutationDetails> kept = new ArrayList<>();
            for (MutationDetails mutation : mutations) {
                String key = key(mutation.getClassName().asJavaName(), mutation.getMethod(),
                        mutation.getLineNumber(), mutation.getMutator());
                if (equivalents.contains(key)) {
                    // the index tells apart two mutants of one mutator on one line
                    notRun.add(key + " | " + mutation.getFirstIndex());
                } else {
                    kept.add(mutation);
                }
            }
            return kept;
        }

        @Override
        public synchronized void end() {
            try {
                Files.createDirectories(notRunFile.getParent());
                Files.write(notRunFile, notRun);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
