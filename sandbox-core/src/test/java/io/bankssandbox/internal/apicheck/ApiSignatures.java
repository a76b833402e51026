package io.bankssandbox.internal.apicheck;

import java.lang.annotation.Annotation;
import java.lang.annotation.Documented;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How {@link ApiDump} writes one declaration of the public API: its modifiers, annotations, type
 * parameters, parameter and exception lists, and the names of types and annotation values, all with
 * full generic signatures.
 */
final class ApiSignatures {
    private ApiSignatures() {}

    static String header(Class<?> type) {
        int kept = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
        int modifiers = type.getModifiers() & kept;
        String kind;
        if (type.isAnnotation()) {
            kind = "@interface";
            modifiers &= ~Modifier.ABSTRACT;
        } else if (type.isInterface()) {
            kind = "interface";
            modifiers &= ~Modifier.ABSTRACT;
        } else if (type.isEnum()) {
            kind = "enum";
        } else if (type.isRecord()) {
            kind = "record";
        } else {
            kind = "class";
        }
        StringBuilder header = new StringBuilder(Modifier.toString(modifiers));
        if (type.isSealed()) {
            header.append(" sealed");
        }
        header.append(' ').append(kind).append(' ').append(name(type))
                .append(typeParameters(type.getTypeParameters()).stripTrailing());
        List<String> supertypes = new ArrayList<>();
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
            header.append(" extends ").append(name(superclass));
        }
        for (Type supertype : type.getGenericInterfaces()) {
            if (supertype != Annotation.class) {
                supertypes.add(name(supertype));
            }
        }
        if (!supertypes.isEmpty()) {
            header.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", supertypes));
        }
        if (type.isSealed()) {
            header.append(" permits ").append(Arrays.stream(type.getPermittedSubclasses())
                    .map(ApiSignatures::name).sorted().collect(Collectors.joining(", ")));
        }
        return header.toString();
    }

    /** The member's documented annotations and modifiers, each followed by a space. */
    static String prefix(AnnotatedElement member, int modifiers) {
        int kept = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
        StringBuilder prefix = new StringBuilder();
        for (String annotation : annotations(member)) {
            prefix.append(annotation).append(' ');
        }
        String kinds = Modifier.toString(modifiers & kept);
        return kinds.isEmpty() ? prefix.toString() : prefix.append(kinds).append(' ').toString();
    }

    /** Runtime-visible annotations whose type is {@code @Documented} (so javadoc shows them too), sorted. */
    static List<String> annotations(AnnotatedElement element) {
        TreeSet<String> annotations = new TreeSet<>();
        for (Annotation annotation : element.getDeclaredAnnotations()) {
            if (annotation.annotationType().isAnnotationPresent(Documented.class)) {
                annotations.add(value(annotation));
            }
        }
        return List.copyOf(annotations);
    }

    static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        List<String> parameters = new ArrayList<>();
        for (TypeVariable<?> variable : variables) {
            List<Type> bounds = Arrays.stream(variable.getBounds()).filter(b -> b != Object.class).toList();
            parameters.add(variable.getName() + (bounds.isEmpty() ? ""
                    : " extends " + bounds.stream().map(ApiSignatures::name).collect(Collectors.joining(" & "))));
        }
        return "<" + String.join(", ", parameters) + "> ";
    }

    static String parameters(Executable executable) {
        Type[] types = executable.getGenericParameterTypes();
        if (types.length != executable.getParameterCount()) {
            // an inner class's or an enum's constructor: the generic signature leaves out what javac adds
            types = executable.getParameterTypes();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            String name = name(types[i]);
            if (executable.isVarArgs() && i == types.length - 1) {
                name = name.substring(0, name.length() - 2) + "...";
            }
            names.add(name);
        }
        return "(" + String.join(", ", names) + ")";
    }

    static String exceptions(Executable executable) {
        Type[] thrown = executable.getGenericExceptionTypes();
        if (thrown.length == 0) {
            return "";
        }
        return " throws " + Arrays.stream(thrown).map(ApiSignatures::name).sorted().collect(Collectors.joining(", "));
    }

    /** A type as source code names it, in full: {@code java.util.List<java.lang.String>}. */
    static String name(Type type) {
        if (type instanceof Class<?> c) {
            if (c.isArray()) {
                return name(c.getComponentType()) + "[]";
            }
            return c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            String base = p.getOwnerType() instanceof ParameterizedType owner
                    ? name(owner) + "." + raw.getSimpleName()
                    : name(raw);
            return base + "<" + Arrays.stream(p.getActualTypeArguments()).map(ApiSignatures::name)
                    .collect(Collectors.joining(", ")) + ">";
        }
        if (type instanceof TypeVariable<?> v) {
            return v.getName();
        }
        if (type instanceof WildcardType w) {
            if (w.getLowerBounds().length > 0) {
                return "? super " + name(w.getLowerBounds()[0]);
            }
            Type[] upper = w.getUpperBounds();
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + name(upper[0]);
        }
        if (type instanceof GenericArrayType a) {
            return name(a.getGenericComponentType()) + "[]";
        }
        throw new IllegalArgumentException("unknown kind of type: " + type);
    }

    /** An annotation value as source code writes it (the JDK's own toString differs between versions). */
    static String value(Object value) {
        if (value instanceof String s) {
            return '"' + escape(s, '"') + '"';
        }
        if (value instanceof Character c) {
            return "'" + escape(String.valueOf(c), '\'') + "'";
        }
        if (value instanceof Long l) {
            return l + "L";
        }
        if (value instanceof Float f) {
            return f + "f";
        }
        if (value instanceof Byte || value instanceof Short) {
            return "(" + value.getClass().getSimpleName().toLowerCase() + ") " + value;
        }
        if (value instanceof Class<?> c) {
            return name(c) + ".class";
        }
        if (value instanceof Enum<?> e) {
            return name(e.getDeclaringClass()) + "." + e.name();
        }
        if (value instanceof Annotation annotation) {
            List<String> elements = new ArrayList<>();
            Method[] methods = annotation.annotationType().getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method method : methods) {
                try {
                    method.setAccessible(true);
                    elements.add(method.getName() + "=" + value(method.invoke(annotation)));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    throw new IllegalStateException("cannot read " + method, e);
                }
            }
            return "@" + name(annotation.annotationType()) + (elements.isEmpty() ? "" : "(" + String.join(", ", elements) + ")");
        }
        if (value.getClass().isArray()) {
            List<String> elements = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                elements.add(value(Array.get(value, i)));
            }
            return "{" + String.join(", ", elements) + "}";
        }
        return String.valueOf(value); // int, boolean, double
    }

    static String escape(String s, char quote) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == quote) {
                out.append('\\').append(c);
                continue;
            }
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.toString();
    }
}
