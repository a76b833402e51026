package io.bankssandbox.internal.state;

import java.util.function.Supplier;

/**
 * A value made when first asked for, once whatever the threads, then kept: what a start may never
 * need (the parsed contract, the schema library, a route's body reader) is left to its first use.
 */
public final class Lazy<T> implements Supplier<T> {
    private final Supplier<? extends T> make;
    private volatile T value;

    private Lazy(Supplier<? extends T> make) {
        this.make = make;
    }

    public static <T> Lazy<T> of(Supplier<? extends T> make) {
        return new Lazy<>(make);
    }

    /** Already made: {@code value} itself. */
    public static <T> Lazy<T> made(T value) {
        Lazy<T> lazy = new Lazy<>(() -> value);
        lazy.value = value;
        return lazy;
    }

    @Override
    public T get() {
        T made = value;
        if (made == null) {
            synchronized (this) {
                made = value;
                if (made == null) {
                    made = make.get();
                    value = made;
                }
            }
        }
        return made;
    }
}
