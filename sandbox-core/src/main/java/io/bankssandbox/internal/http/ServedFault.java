package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.Fault;

/**
 * A fault as it met one request ({@link FaultFilter}): the fault, and for one that came after
 * processing, what the request's real answer was (its status and JSON, which the client never saw
 * and the idempotency store kept). The writer sends the fault's answer, or resets the connection; the
 * journal keeps both sides.
 */
record ServedFault(Fault fault, Integer processedStatus, byte[] processedJson) {}
