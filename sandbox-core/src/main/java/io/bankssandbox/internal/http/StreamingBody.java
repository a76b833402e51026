package io.bankssandbox.internal.http;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A JSON answer written straight to the response as it is produced (a state export of any size),
 * never held whole as bytes. The journal notes that one went out, not its bytes.
 */
@FunctionalInterface
public interface StreamingBody {
    void writeTo(OutputStream out) throws IOException;
}
