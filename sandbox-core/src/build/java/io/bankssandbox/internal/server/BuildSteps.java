package io.bankssandbox.internal.server;

import io.bankssandbox.internal.fixtures.FixtureSetCode;
import io.bankssandbox.internal.fixtures.VerifiedFixtureSets;
import io.bankssandbox.internal.openapi.Contracts;
import java.util.List;

/**
 * What sandbox-core's build runs on its own classes before they are packaged (src/build/java: compiled
 * and run by the build, never shipped): the shipped fixture sets checked, recorded and bound into code,
 * and the OpenAPI document's operation index written.
 */
public final class BuildSteps {
    private BuildSteps() {}

    /**
     * The build's step (sandbox-core's {@code process-classes}): {@code CLASSES GENERATED_SOURCES SET...}
     * checks each shipped fixture set against {@link SandboxServer#MODEL}, records its digest (see
     * {@link VerifiedFixtureSets}) and binds it into {@link SandboxServer#PREBUILT_FIXTURE_SETS} (see
     * {@link FixtureSetCode}), compiled into CLASSES; then writes the index of the OpenAPI document's
     * operations into CLASSES (see {@code OperationIndex}).
     */
    public static void main(String[] args) throws java.io.IOException {
        java.nio.file.Path classes = java.nio.file.Path.of(args[0]);
        List<String> sets = List.of(args).subList(2, args.length);
        String[] verified = new String[sets.size() + 1];
        verified[0] = classes.resolve(VerifiedFixtureSets.RESOURCE).toString();
        for (int i = 0; i < sets.size(); i++) {
            verified[i + 1] = sets.get(i);
        }
        VerifiedFixtureSets.write(SandboxServer.FIXTURES.codec(), verified);
        FixtureSetCode.write(SandboxServer.FIXTURES.codec(), classes, java.nio.file.Path.of(args[1]),
                SandboxServer.PREBUILT_FIXTURE_SETS, sets);
        Contracts.writeOperationIndex(classes);
    }
}
