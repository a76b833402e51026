package io.bankssandbox.internal.http;

import java.util.List;

/** An unpaginated list: {@code { "data": [...] }}. */
public record DataList<V>(List<V> data) {}
