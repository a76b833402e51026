package io.bankssandbox.internal.apicheck;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * ArchUnit helpers over one module's main classes: the import, and the rule that the API exposes
 * no internal type (a user could not name it, and every such type would be API in disguise).
 */
public final class ApiRules {
    private ApiRules() {}

    /** The main classes of the module {@code anyClass} was loaded from (its target/classes), without its tests. */
    public static JavaClasses importModule(Class<?> anyClass) {
        try {
            return new ClassFileImporter()
                    .importPath(Path.of(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * No public or protected signature of an API type names a type of {@code io.bankssandbox.internal}:
     * supertypes, type parameter bounds, field types, parameter, return and thrown types (generic
     * arguments included), annotation element types.
     */
    public static ArchRule apiExposesNoInternalType() {
        return classes().that(API_TYPES).should(NAME_NO_INTERNAL_TYPE)
                .as("API types name no io.bankssandbox.internal type in a public or protected signature");
    }

    /** Public types outside io.bankssandbox.internal, and their public and protected nested types. */
    public static final DescribedPredicate<JavaClass> API_TYPES =
            DescribedPredicate.describe("are API types (public, outside " + ApiDump.INTERNAL + ")",
                    c -> !isInternal(c) && isExported(c));

    private static final ArchCondition<JavaClass> NAME_NO_INTERNAL_TYPE =
            new ArchCondition<>("name no " + ApiDump.INTERNAL + " type in a public or protected signature") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    type.getSuperclass().ifPresent(s -> report(type, type.getDescription() + ", in its superclass,", Set.of(s), events));
                    report(type, type.getDescription() + ", in its interfaces,", type.getInterfaces(), events);
                    report(type, type.getDescription() + ", in a type parameter's bound,", bounds(type.getTypeParameters()), events);
                    for (JavaField field : type.getFields()) {
                        if (isApi(field.getModifiers())) {
                            report(type, field.getDescription() + ", in its type,", Set.of(field.getType()), events);
                        }
                    }
                    for (JavaCodeUnit unit : type.getCodeUnits()) {
                        Set<JavaModifier> modifiers = unit.getModifiers();
                        if (!isApi(modifiers) || modifiers.contains(JavaModifier.SYNTHETIC)
                                || modifiers.contains(JavaModifier.BRIDGE)) {
                            continue;
                        }
                        report(type, unit.getDescription() + ", in its return type,", Set.of(unit.getReturnType()), events);
                        report(type, unit.getDescription() + ", in its parameters,", unit.getParameterTypes(), events);
                        report(type, unit.getDescription() + ", in its throws clause,", unit.getThrowsClause().getTypes(), events);
                        report(type, unit.getDescription() + ", in a type parameter's bound,",
                                bounds(unit.getTypeParameters()), events);
                    }
                }
            };

    private static Set<JavaType> bounds(Collection<? extends JavaTypeVariable<?>> variables) {
        Set<JavaType> bounds = new LinkedHashSet<>();
        variables.forEach(v -> bounds.addAll(v.getUpperBounds()));
        return bounds;
    }

    private static void report(JavaClass owner, String what, Collection<? extends JavaType> types, ConditionEvents events) {
        Set<String> internal = new TreeSet<>();
        for (JavaType type : types) {
            for (JavaClass named : type.getAllInvolvedRawTypes()) {
                if (isInternal(named)) {
                    internal.add(named.getName());
                }
            }
        }
        if (!internal.isEmpty()) {
            events.add(SimpleConditionEvent.violated(owner, what + " names " + String.join(", ", internal)));
        }
    }

    private static boolean isInternal(JavaClass type) {
        String name = type.getPackageName();
        return name.equals(ApiDump.INTERNAL) || name.startsWith(ApiDump.INTERNAL + ".");
    }

    /** Reachable from outside: public or protected, and so is every class it is nested in; not local or anonymous. */
    private static boolean isExported(JavaClass type) {
        if (type.isAnonymousClass() || type.isLocalClass() || !isApi(type.getModifiers())) {
            return false;
        }
        return type.getEnclosingClass().map(ApiRules::isExported).orElse(true);
    }

    private static boolean isApi(Set<JavaModifier> modifiers) {
        return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
    }
}
