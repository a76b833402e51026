package io.bankssandbox.internal.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version this sandbox was built as: the Maven project version, written into
 * {@code io/bankssandbox/build.properties} by the build and read once. Health answers it, the
 * standalone jar's {@code --version} prints it.
 */
public final class SandboxVersion {
    private static final String CURRENT = read();

    private SandboxVersion() {}

    /** {@code 0.1.0-SNAPSHOT} and the like. */
    public static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = SandboxVersion.class.getResourceAsStream("/io/bankssandbox/build.properties")) {
            if (in == null) {
                // a build that skipped resource processing: say so rather than invent a number
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read io/bankssandbox/build.properties", e);
        }
    }
}
