package io.bankssandbox.internal.era;

import io.xlate.edi.stream.EDIStreamException;
import io.xlate.edi.stream.EDIStreamWriter;
import java.util.List;

/** Writes segments through StAEDI and counts those of the transaction set (ST to SE) for SE01. */
final class X12Segments {
    private final EDIStreamWriter writer;
    private int count = -1;

    X12Segments(EDIStreamWriter writer) {
        this.writer = writer;
    }

    void startCount() {
        count = 0;
    }

    int count() {
        return count;
    }

    void write(String tag, String... elements) throws EDIStreamException {
        writer.writeStartSegment(tag);
        writeElements(elements);
        end();
    }

    /** A segment whose first element is a composite (SVC01: qualifier, code, modifiers). */
    void writeWithComposite(String tag, List<String> components, String... elements) throws EDIStreamException {
        writer.writeStartSegment(tag);
        writer.writeStartElement();
        for (String component : components) {
            writer.writeComponent(component);
        }
        writer.endElement();
        writeElements(elements);
        end();
    }

    /**
     * A segment whose elements are simple ({@code String}) or composite ({@code List<String>}, its
     * components): PLB's adjustment identifiers (reason code, reference). Trailing empty simple
     * elements are left out; a composite is never empty.
     */
    void writeMixed(String tag, List<Object> elements) throws EDIStreamException {
        writer.writeStartSegment(tag);
        int last = elements.size() - 1;
        while (last >= 0 && "".equals(elements.get(last))) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            Object element = elements.get(i);
            if (element instanceof List<?> components) {
                writer.writeStartElement();
                for (Object component : components) {
                    writer.writeComponent(String.valueOf(component));
                }
                writer.endElement();
            } else if (((String) element).isEmpty()) {
                writer.writeEmptyElement();
            } else {
                writer.writeElement((String) element);
            }
        }
        end();
    }

    private void writeElements(String... elements) throws EDIStreamException {
        // trailing empty elements are left out, as X12 requires
        int last = elements.length - 1;
        while (last >= 0 && elements[last].isEmpty()) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            if (elements[i].isEmpty()) {
                writer.writeEmptyElement();
            } else {
                writer.writeElement(elements[i]);
            }
        }
    }

    private void end() throws EDIStreamException {
        writer.writeEndSegment();
        if (count >= 0) {
            count++;
        }
    }
}
