package io.bankssandbox.internal.state;

import java.util.List;

/**
 * A rule a whole loaded state must meet beyond each row's own (references between files, a ledger's
 * sum): adds one problem per violation, each naming file, JSON pointer and rule. Features register
 * theirs in their {@link StateModel}; fixtures, imports and state files all run them.
 */
@FunctionalInterface
public interface StateCheck {
    void check(SandboxState state, FileOrder order, List<String> problems);

    /** The rows of a table in the order its file gave them, for problems that name a row by position. */
    @FunctionalInterface
    interface FileOrder {
        <T> List<T> rows(TableKind<T> kind);
    }
}
