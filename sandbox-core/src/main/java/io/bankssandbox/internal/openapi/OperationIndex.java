package io.bankssandbox.internal.openapi;

import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Every operation of the OpenAPI document (method, path, parameters, body schema), as the build read
 * them from it: what registering the routes and answering a request without a body or query need,
 * without parsing and merging the document's 240 KB at every start. Written into the classes by the
 * build's step ({@link #write}), which reads it back and fails unless it gives exactly the operations
 * the document gives. It records the digest of the document's files: a start uses it only when the
 * classpath holds exactly those files, else it reads the document.
 *
 * <p>One line per operation ({@code operation METHOD PATH BODY_REF|-}), then one per parameter
 * ({@code parameter NAME IN REQUIRED SCHEMA_REF SCHEMA_JSON}), fields separated by tabs.
 */
final class OperationIndex {
    static final String RESOURCE = "io/bankssandbox/openapi/operations.index";
    private static final String NO_BODY = "-";

    private OperationIndex() {}

    /** The operations by {@code METHOD path}, or null when there is no index or it was made from other files. */
    static Map<String, OpenApiDocument.Operation> read(List<String> sources) {
        return read(digest(sources));
    }

    /** The operations by {@code METHOD path}, or null when there is no index or it was made from files of another digest. */
    static Map<String, OpenApiDocument.Operation> read(String digest) {
        String text;
        try (InputStream in = OperationIndex.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null; // the document itself is read instead, and says what is wrong with it
        }
        int firstLine = text.indexOf('\n');
        if (firstLine < 0 || !text.substring(0, firstLine).equals("digest\t" + digest)) {
            return null;
        }
        Map<String, OpenApiDocument.Operation> operations = new HashMap<>();
        String method = null;
        String path = null;
        String body = null;
        List<OpenApiDocument.Parameter> parameters = null;
        for (int start = firstLine + 1; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            List<String> fields = fields(text, start, end);
            start = end + 1;
            if (fields.get(0).equals("operation")) {
                if (method != null) {
                    operations.put(method + " " + path, new OpenApiDocument.Operation(method, path, List.copyOf(parameters), body));
                }
                method = fields.get(1);
                path = fields.get(2);
                body = fields.get(3).equals(NO_BODY) ? null : fields.get(3);
                parameters = new ArrayList<>();
            } else {
                parameters.add(OpenApiDocument.Parameter.withSchemaText(fields.get(1), fields.get(2),
                        fields.get(3).equals("true"), fields.get(4), fields.get(5)));
            }
        }
        if (method != null) {
            operations.put(method + " " + path, new OpenApiDocument.Operation(method, path, List.copyOf(parameters), body));
        }
        return operations;
    }

    private static List<String> fields(String text, int start, int end) {
        List<String> fields = new ArrayList<>(6);
        for (int tab; (tab = text.indexOf('\t', start)) >= 0 && tab < end; start = tab + 1) {
            fields.add(text.substring(start, tab));
        }
        fields.add(text.substring(start, end));
        return fields;
    }

    /** Each file's name, length and CRC-32C: it guards against edits, as the fixture sets' digests do. */
    static String digest(List<String> sources) {
        StringBuilder digest = new StringBuilder();
        ClassLoader loader = OperationIndex.class.getClassLoader();
        for (String source : sources) {
            try (InputStream in = loader.getResourceAsStream(source)) {
                byte[] bytes = in == null ? new byte[0] : in.readAllBytes();
                CRC32C crc = new CRC32C();
                crc.update(bytes);
                digest.append(digest.length() == 0 ? "" : ",").append(source.substring(source.lastIndexOf('/') + 1))
                        .append(':').append(in == null ? -1 : bytes.length).append(':').append(Long.toHexString(crc.getValue()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return digest.toString();
    }

    /**
     * The build's step: writes the index of the document on the classpath into {@code classes}, then
     * reads it back and fails unless it gives exactly the document's operations; and beside it the
     * {@link RequestSchemas}.
     */
    static void write(Path classes) throws IOException {
        OpenApiDocument document = OpenApiDocument.load();
        List<OpenApiDocument.Operation> all = document.allOperations();
        String digest = digest(OpenApiDocument.sources());
        StringBuilder out = new StringBuilder("digest\t").append(digest).append('\n');
        for (OpenApiDocument.Operation operation : all) {
            out.append(line("operation", operation.method(), operation.pathTemplate(),
                    operation.bodySchemaRef() == null ? NO_BODY : operation.bodySchemaRef()));
            for (OpenApiDocument.Parameter parameter : operation.parameters()) {
                out.append(line("parameter", parameter.name(), parameter.in(), String.valueOf(parameter.required()),
                        parameter.schemaRef(), Json.MAPPER.writeValueAsString(parameter.schema())));
            }
        }
        Path file = classes.resolve(RESOURCE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, out, StandardCharsets.UTF_8);
        Map<String, OpenApiDocument.Operation> read = read(digest);
        if (read == null || read.size() != all.size()) {
            throw new IllegalStateException("the operation index written to " + file + " does not read back");
        }
        for (OpenApiDocument.Operation operation : all) {
            if (!operation.equals(read.get(operation.method() + " " + operation.pathTemplate()))) {
                throw new IllegalStateException("the operation index differs from the document at " + operation);
            }
        }
        RequestSchemas.write(classes, document, digest);
    }

    private static String line(String... fields) {
        for (String field : fields) {
            if (field.indexOf('\t') >= 0 || field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0) {
                throw new IllegalStateException("the operation index cannot hold a tab or a line break: " + field);
            }
        }
        return String.join("\t", fields) + "\n";
    }
}
