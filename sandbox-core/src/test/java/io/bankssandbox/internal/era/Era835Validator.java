package io.bankssandbox.internal.era;

import io.xlate.edi.schema.EDISchemaException;
import io.xlate.edi.schema.Schema;
import io.xlate.edi.schema.SchemaFactory;
import io.xlate.edi.stream.EDIInputFactory;
import io.xlate.edi.stream.EDIStreamConstants;
import io.xlate.edi.stream.EDIStreamEvent;
import io.xlate.edi.stream.EDIStreamException;
import io.xlate.edi.stream.EDIStreamReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The build's check of the 835s the sandbox writes (the sandbox itself carries no X12 library): reads
 * an 835 back with StAEDI against two schemas: StAEDI's X12 envelope schema (ISA/GS/ST and
 * their trailers: element sizes, counts, matching control numbers) and the 005010X221A1
 * implementation schema in {@code 835-005010X221A1.xml} (loops, segments, required and unused
 * elements, lengths, code values, paired qualifiers and ids). The rules live in that file, not here.
 */
public final class Era835Validator {
    static final String IMPLEMENTATION_SCHEMA = "835-005010X221A1.xml";
    /** StAEDI logs its schemas' unused types at INFO through java.util.logging: kept out of the build's log (held, as JUL keeps loggers weakly). */
    private static final java.util.logging.Logger X12_LIBRARY = quiet(java.util.logging.Logger.getLogger("io.xlate.edi"));

    private static java.util.logging.Logger quiet(java.util.logging.Logger logger) {
        logger.setLevel(java.util.logging.Level.WARNING);
        return logger;
    }

    private Schema controlSchema;
    private Schema transactionSchema;

    private synchronized void load() {
        if (controlSchema != null) {
            return;
        }
        SchemaFactory factory = SchemaFactory.newFactory();
        try (InputStream implementation = Era835Validator.class.getResourceAsStream(IMPLEMENTATION_SCHEMA)) {
            if (implementation == null) {
                throw new IllegalStateException(IMPLEMENTATION_SCHEMA + " is missing from the classpath");
            }
            transactionSchema = factory.createSchema(implementation);
            controlSchema = factory.getControlSchema(EDIStreamConstants.Standards.X12, new String[] {"00501"});
        } catch (EDISchemaException | IOException e) {
            throw new IllegalStateException("the 835 schemas are unreadable", e);
        }
    }

    synchronized Schema controlSchema() {
        load();
        return controlSchema;
    }

    private synchronized Schema transactionSchema() {
        load();
        return transactionSchema;
    }

    /** Every error StAEDI reports reading an interchange, each with its segment and element position; empty when valid. */
    public List<String> problems(String x12) {
        Schema transaction = transactionSchema();
        List<String> problems = new ArrayList<>();
        try (EDIStreamReader reader = EDIInputFactory.newFactory().createEDIStreamReader(
                new ByteArrayInputStream(x12.getBytes(StandardCharsets.UTF_8)), controlSchema())) {
            boolean sawTransaction = false;
            while (reader.hasNext()) {
                EDIStreamEvent event = reader.next();
                if (event == EDIStreamEvent.START_TRANSACTION) {
                    sawTransaction = true;
                    reader.setTransactionSchema(transaction);
                } else if (event.isError()) {
                    problems.add(reader.getErrorType() + " (" + reader.getReferenceCode() + ")" + reader.getLocation());
                }
            }
            if (!sawTransaction) {
                problems.add("no transaction set");
            }
        } catch (EDIStreamException | IOException | RuntimeException e) {
            problems.add(String.valueOf(e.getMessage()));
        }
        return problems;
    }
}
