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
