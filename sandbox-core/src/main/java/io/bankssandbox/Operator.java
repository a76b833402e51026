package io.bankssandbox;

import io.bankssandbox.internal.durable.StateFile;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.http.ApiException;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * How the typed sections of a {@link Sandbox} reach the domain: the operation the HTTP route calls,
 * behind the same steps a request takes after its transport (the clock catches up on what fell due;
 * a command body meets its operation's schema and its own rules), with a refusal turned into the
 * {@link SandboxException} carrying the status and messages the route would answer.
 */
final class Operator {
    private final SandboxServer server;

    Operator(SandboxServer server) {
        this.server = server;
    }

    SandboxRuntime runtime() {
        return server.runtime();
    }

    SandboxServer server() {
        return server;
    }

    <F extends Feature> F feature(Class<F> type) {
        return server.feature(type);
    }

    /** Runs an operation as a request would: transitions due by now applied first, refusals as the route's. */
    <T> T call(Supplier<T> operation) {
        return refusals(() -> {
            server.runtime().timeMachine().catchUp();
            return operation.get();
        });
    }

    /**
     * Refuses {@code command} as the route {@code method pathTemplate} refuses a body: every schema
     * violation, then the command's own rules, in one 400.
     */
    void check(String method, String pathTemplate, Object command) {
        List<String> violations = new ArrayList<>(Contracts.bodyViolations(method, pathTemplate, command));
        if (!violations.isEmpty()) {
            if (command instanceof Command rules) {
                violations.addAll(rules.violations());
            }
            throw new SandboxException(400, violations);
        }
    }

    /** Runs {@code action}, turning the implementation's refusals into the API's exception. */
    static <T> T refusals(Supplier<T> action) {
        try {
            return action.get();
        } catch (DomainException e) {
            ApiException answer = ApiException.from(e);
            throw new SandboxException(answer.status(), answer.messages());
        } catch (ApiException e) {
            throw new SandboxException(e.status(), e.messages());
        } catch (FixtureException e) {
            throw new SandboxException(400, e.problems());
        } catch (StateFile.StateFileException e) {
            // not a refused request but a file that cannot serve: the JDK's word for a state that forbids the call
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
