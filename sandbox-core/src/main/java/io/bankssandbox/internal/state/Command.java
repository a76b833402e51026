package io.bankssandbox.internal.state;

import java.util.List;

/**
 * What a caller asks the domain to do, as a record (bound from a request body, built by the typed
 * handle, or read from a fixture), together with the rules it must meet by itself: the domain
 * checks them before it acts, whoever asked, and refuses with one {@link DomainException} listing
 * every violation. Rules that depend on the state (an unknown account, a balance too low) are the
 * domain method's to check as it acts.
 */
public interface Command {
    /** Every rule this command breaks, each a sentence naming the field; empty when it is valid. */
    List<String> violations();

    /** The command itself when it is valid; otherwise a refusal listing every violation. */
    static <C extends Command> C requireValid(C command) {
        List<String> violations = command.violations();
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        return command;
    }
}
