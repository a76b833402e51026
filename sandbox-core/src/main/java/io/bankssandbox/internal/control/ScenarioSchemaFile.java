package io.bankssandbox.internal.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The QA scenario format's JSON Schema, served at {@code /_sandbox/scenario-schema.json} beside
 * the OpenAPI document. It is the one copy of the format: {@code replay} and {@code replay --check}
 * validate scenario files with this same file.
 */
public final class ScenarioSchemaFile {
    public static final String RESOURCE = "io/bankssandbox/openapi/scenario-schema.json";
    public static final String MEDIA_TYPE = "application/schema+json";

    private ScenarioSchemaFile() {}

    private static final class Loaded {
        static final byte[] BYTES = read();
    }

    /** The file as shipped (a fresh copy: callers may not share the array). */
    public static byte[] bytes() {
        return Loaded.BYTES.clone();
    }

    private static byte[] read() {
        try (InputStream in = ScenarioSchemaFile.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the scenario schema is missing from the classpath: " + RESOURCE);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
