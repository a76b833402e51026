package io.bankssandbox.internal.era;

import java.util.List;

/**
 * Writes X12 segments as text, one a line: the tag, each element after a {@code *}, the components of
 * a composite joined by {@code :}, and {@code ~} at the end (the delimiters the ISA segment declares);
 * counts the segments of the transaction set (ST to SE) for SE01. X12 has no escape character: a
 * value holding a delimiter or a control character is refused, never written.
 */
final class X12Segments {
    private static final char ELEMENT = '*';
    private static final char COMPONENT = ':';
    private static final char TERMINATOR = '~';

    private final StringBuilder out = new StringBuilder(2048);
    private int count = -1;

    void startCount() {
        count = 0;
    }

    int count() {
        return count;
    }

    /** The segments written so far, each ended by {@code ~} and a line break. */
    String text() {
        return out.toString();
    }

    /**
     * The ISA segment: fixed-width elements, among them the delimiters it declares (ISA11 the
     * repetition separator, ISA16 the component separator), written as they are.
     */
    void writeHeader(String... elements) {
        out.append("ISA");
        for (String element : elements) {
            out.append(ELEMENT).append(element);
        }
        end();
    }

    void write(String tag, String... elements) {
        out.append(tag);
        writeElements(elements);
        end();
    }

    /** A segment whose first element is a composite (SVC01: qualifier, code, modifiers). */
    void writeWithComposite(String tag, List<String> components, String... elements) {
        out.append(tag).append(ELEMENT);
        writeComposite(components);
        writeElements(elements);
        end();
    }

    /**
     * A segment whose elements are simple ({@code String}) or composite ({@code List<String>}, its
     * components): PLB's adjustment identifiers (reason code, reference). Trailing empty simple
     * elements are left out; a composite is never empty.
     */
    void writeMixed(String tag, List<Object> elements) {
        out.append(tag);
        int last = elements.size() - 1;
        while (last >= 0 && "".equals(elements.get(last))) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            out.append(ELEMENT);
            if (elements.get(i) instanceof List<?> components) {
                writeComposite(components);
            } else {
                value((String) elements.get(i));
            }
        }
        end();
    }

    private void writeComposite(List<?> components) {
        for (int i = 0; i < components.size(); i++) {
            if (i > 0) {
                out.append(COMPONENT);
            }
            value(String.valueOf(components.get(i)));
        }
    }

    private void writeElements(String... elements) {
        // trailing empty elements are left out, as X12 requires
        int last = elements.length - 1;
        while (last >= 0 && elements[last].isEmpty()) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            out.append(ELEMENT);
            value(elements[i]);
        }
    }

    private void value(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == ELEMENT || c == COMPONENT || c == TERMINATOR || c == '^' || c < 0x20) {
                throw new IllegalStateException("an X12 element cannot hold " + (c < 0x20 ? "a control character" : "'" + c + "'")
                        + ": " + value);
            }
        }
        out.append(value);
    }

    private void end() {
        out.append(TERMINATOR).append('\n');
        if (count >= 0) {
            count++;
        }
    }
}
