package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import java.util.Set;

/** One failed rule, as the library reports it, for a caller that words it itself. */
public final class Violation {
    private final Error error;

    Violation(Error error) {
        this.error = error;
    }

    /** The failed keyword: {@code type}, {@code required}, ... */
    public String keyword() {
        return error.getKeyword();
    }

    /** The property the failure names (a missing or unknown one), or null. */
    public String property() {
        return error.getProperty();
    }

    /** The name of the value's own place in its parent (a key, or an index), or null for the root. */
    public String lastName() {
        NodePath path = error.getInstanceLocation();
        return path.getNameCount() == 0 ? null : String.valueOf(path.getElement(path.getNameCount() - 1));
    }

    /** The RFC 6901 pointer to the value, ending with the property it names for the keywords in {@code naming}. */
    public String pointer(Set<String> naming) {
        return pointer(error, naming, true);
    }

    /** The value that broke the rule. */
    public JsonNode value() {
        return error.getInstanceNode();
    }

    /** The failed keyword's own value in the schema: {@code "string"}, {@code ["GET", ...]}, {@code 100}. */
    public JsonNode rule() {
        return error.getSchemaNode();
    }

    /** Where the failed keyword stands in its schema document, as a JSON pointer ({@code /$defs/Step/oneOf}). */
    public String schemaPointer() {
        return error.getSchemaLocation().getFragment().toString();
    }

    /** The way the validation took to the keyword, through every {@code $ref} and applicator. */
    public String evaluationPath() {
        return error.getEvaluationPath().toString();
    }

    /** The library's own wording, for a keyword the caller has none for. */
    public String message() {
        return error.getMessage();
    }

    /**
     * The JSON pointer to what an error is about: its value, then, for a keyword in {@code naming}, the
     * property it names ({@code ""} is the root). {@code escaped}: each name as RFC 6901 has it.
     */
    static String pointer(Error error, Set<String> naming, boolean escaped) {
        NodePath path = error.getInstanceLocation();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            String name = String.valueOf(path.getElement(i));
            out.append('/').append(escaped ? SchemaValidator.escape(name) : name);
        }
        if (error.getProperty() != null && naming.contains(error.getKeyword())) {
            out.append('/').append(escaped ? SchemaValidator.escape(error.getProperty()) : error.getProperty());
        }
        return out.toString();
    }
}
