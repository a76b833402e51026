package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.Page;
import java.util.List;
import java.util.function.Function;

/** The pagination envelope of the real service: {@code data}, {@code has_next}, {@code cursor}. */
public record PageView<V>(List<V> data, boolean hasNext, String cursor) {

    /** A page of records that are their own API view. */
    public static <T> PageView<T> of(Page<T> page) {
        return new PageView<>(page.items(), page.hasNext(), page.hasNext() ? Cursors.encode(page.last()) : null);
    }

    public static <T, V> PageView<V> of(Page<T> page, Function<T, V> render) {
        return new PageView<>(page.items().stream().map(render).toList(), page.hasNext(),
                page.hasNext() ? Cursors.encode(page.last()) : null);
    }
}
