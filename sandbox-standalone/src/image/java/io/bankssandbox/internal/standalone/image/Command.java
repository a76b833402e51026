package io.bankssandbox.internal.standalone.image;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A command of the build machine (ldd, dpkg, apt-get), run to its end, its output read whole. */
final class Command {
    private Command() {}

    /** The command's standard output; a failure is the build's failure, with what the command said. */
    static String run(String... command) throws IOException, InterruptedException {
        Path errors = Files.createTempFile("banks-sandbox-image", ".err");
        try {
            String out = runIn(null, errors, command);
            if (out == null) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + Files.readString(errors).strip());
            }
            return out;
        } finally {
            Files.delete(errors);
        }
    }

    /** The command's standard output, or null when it fails (the caller has another way or a reason to give). */
    static String runOrNull(String... command) throws IOException, InterruptedException {
        return runIn(null, command);
    }

    static String runIn(Path directory, String... command) throws IOException, InterruptedException {
        return runIn(directory, null, command);
    }

    private static String runIn(Path directory, Path errors, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(command))
                .redirectError(errors == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(errors.toFile()));
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.environment().put("LC_ALL", "C"); // dpkg's and ldd's lines as parsed, whatever the machine's language
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.waitFor() == 0 ? out : null;
    }
}
