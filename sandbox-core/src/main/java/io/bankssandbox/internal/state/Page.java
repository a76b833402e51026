package io.bankssandbox.internal.state;

import java.util.List;

/** One page of a listing; {@code last} is the key of its last row when more rows follow. */
public record Page<T>(List<T> items, boolean hasNext, SortKey last) {}
