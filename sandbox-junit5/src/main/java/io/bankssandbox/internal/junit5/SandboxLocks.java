package io.bankssandbox.internal.junit5;

import io.bankssandbox.junit5.BanksSandbox;
import java.util.Set;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

/**
 * Resource locks for JUnit's parallel execution, so that concurrency never makes one test reset
 * the state another is using. A class whose sandbox is reset per test runs its own tests one at a
 * time (other classes still run beside it); classes sharing one sandbox run one at a time among
 * themselves. A per-class sandbox without per-test reset takes no lock.
 */
public final class SandboxLocks implements ResourceLocksProvider {

    @Override
    public Set<Lock> provideForClass(Class<?> testClass) {
        return SandboxSettings.annotationOn(testClass).map(annotation -> {
            SandboxSettings settings = SandboxSettings.of(annotation, testClass);
            if (settings.shared()) {
                return Set.of(new Lock(settings.sharedLockKey(), ResourceAccessMode.READ_WRITE));
            }
            if (settings.reset() == BanksSandbox.Reset.PER_TEST) {
                // a key only this class uses: it serializes the class's own tests and nobody else's
                return Set.of(new Lock("io.bankssandbox.Sandbox:" + testClass.getName(), ResourceAccessMode.READ_WRITE));
            }
            return Set.<Lock>of();
        }).orElse(Set.of());
    }
}
