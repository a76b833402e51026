package io.bankssandbox.internal;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.apicheck.ApiRules;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The core's package structure (docs/architecture.md, "Architecture rules"): the public API
 * ({@code io.bankssandbox}) is a facade over {@code io.bankssandbox.internal}; inside, a kernel that
 * knows no feature, and features on top of it. Over the core's main classes only.
 *
 * <p>A rule that the code does not keep yet is {@code @Disabled} with the change that will make it
 * pass: remove the annotation with that change.
 */
class ArchitectureTest {
    static final String API = "io.bankssandbox";
    static final String INTERNAL = "io.bankssandbox.internal..";

    /**
     * What every feature builds on. Any other package under internal (the features: accounts, ach,
     * cards, carddetails, entities, era, externalaccounts, lockbox, transactions, transfers,
     * webhooks, control, ui, and any package added later; the assembly, server) is not kernel.
     */
    static final String[] KERNEL = Arrays.stream(new String[] {
            "state", "events", "clock", "http", "fixtures", "runtime", "access", "requests", "openapi", "durable", "pdf"})
            .map(p -> "io.bankssandbox.internal." + p + "..")
            .toArray(String[]::new);

    /** The HTTP server's libraries, and the packages that may use them: the HTTP layer and the assembly. */
    static final String[] WEB_SERVER = {"io.javalin..", "org.eclipse.jetty..", "jakarta.servlet.."};
    static final String[] WEB_SERVER_USERS = {"io.bankssandbox.internal.http..", "io.bankssandbox.internal.server.."};

    static final ArchRule INTERNAL_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.bankssandbox.internal.(*)..").namingSlices("internal.$1")
            .should().beFreeOfCycles()
            .as("1. the packages under io.bankssandbox.internal are free of cycles");

    static final ArchRule KERNEL_DEPENDS_ONLY_ON_KERNEL = noClasses()
            .that().resideInAnyPackage(KERNEL)
            .should().dependOnClassesThat(resideInAPackage("io.bankssandbox..").and(resideInAnyPackage(KERNEL).negate()))
            .as("2. the kernel (internal.state, events, clock, http, fixtures, runtime, access, requests, openapi,"
                    + " durable, pdf) depends only on the kernel, the JDK and libraries: no feature, no assembly, no API");

    static final ArchRule ONLY_HTTP_AND_SERVER_USE_THE_WEB_SERVER = noClasses()
            .that().resideOutsideOfPackages(WEB_SERVER_USERS)
            .should().dependOnClassesThat().resideInAnyPackage(WEB_SERVER)
            .as("3. only internal.http and internal.server use Javalin, Jetty or the servlet API");

    static final ArchRule INTERNAL_DOES_NOT_DEPEND_ON_THE_API = noClasses()
            .that().resideInAPackage(INTERNAL)
            .should().dependOnClassesThat().resideInAPackage(API)
            .as("4. no class under io.bankssandbox.internal depends on the API package io.bankssandbox (a facade, one way)");

    static final ArchRule API_EXPOSES_NO_INTERNAL_TYPE = ApiRules.apiExposesNoInternalType()
            .as("5. the API package io.bankssandbox names no internal type in a public or protected signature");

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = ApiRules.importModule(Sandbox.class);
    }

    @Test
    @DisplayName("1. the packages under io.bankssandbox.internal are free of cycles")
    void internalPackagesAreFreeOfCycles() {
        INTERNAL_PACKAGES_ARE_FREE_OF_CYCLES.check(core);
    }

    @Test
    @DisplayName("2. the kernel depends only on the kernel, the JDK and libraries")
    void kernelDependsOnlyOnKernel() {
        KERNEL_DEPENDS_ONLY_ON_KERNEL.check(core);
    }

    @Test
    @DisplayName("3. only internal.http and internal.server use Javalin, Jetty or the servlet API")
    void onlyHttpAndServerUseTheWebServer() {
        ONLY_HTTP_AND_SERVER_USE_THE_WEB_SERVER.check(core);
    }

    @Test
    @DisplayName("4. nothing under io.bankssandbox.internal depends on the API package")
    void internalDoesNotDependOnTheApi() {
        INTERNAL_DOES_NOT_DEPEND_ON_THE_API.check(core);
    }

    @Test
    @DisplayName("5. the API package names no internal type in a public or protected signature")
    void apiExposesNoInternalType() {
        API_EXPOSES_NO_INTERNAL_TYPE.check(core);
    }
}
