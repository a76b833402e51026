package io.bankssandbox.internal.apicheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.annotation.Documented;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of one module as text: every public type of its API packages (every package of
 * the module outside {@code io.bankssandbox.internal}), with its public and protected members.
 * A type is a block: its header at the left margin (modifiers, kind, name, type parameters,
 * supertypes, permitted subtypes), then, indented, its {@code @Documented} annotations, record
 * components and enum constants (in declaration order: both are API), fields, constructors,
 * methods and annotation elements (each sorted by name, then parameters), then its public and protected nested types, one
 * level further in. Types are named in full, with their generic arguments; parameter names are
 * not API and are left out. Synthetic and bridge members are left out, so the text is the same
 * on every JDK that reads the same class files.
 */
public final class ApiDump {
    /** Where everything that is not API lives. */
    public static final String INTERNAL = "io.bankssandbox.internal";
    private static final String INDENT = "  ";

    private ApiDump() {}

    /** The API of the module whose classes {@code anyClass} was loaded from. */
    public static String of(Class<?> anyClass) {
        List<Class<?>> types = apiTypes(anyClass);
        StringBuilder out = new StringBuilder();
        for (Class<?> type : types) {
            if (out.length() > 0) {
                out.append('\n');
            }
            type(type, "", out);
        }
        return out.toString();
    }

    /** The API packages of the module whose classes {@code anyClass} was loaded from, sorted. */
    public static List<String> apiPackages(Class<?> anyClass) {
        return apiTypes(anyClass).stream().map(Class::getPackageName).distinct().sorted().toList();
    }

    /**
     * The full names of the top-level types in a dump (nested types count with their owner): the
     * name after the kind on each unindented line.
     */
    public static List<String> topLevelTypes(String dump) {
        List<String> types = new ArrayList<>();
        for (String line : dump.split("\n")) {
            if (line.isBlank() || line.startsWith(" ") || line.startsWith("#")) {
                continue;
            }
            List<String> words = List.of(line.split(" "));
            int kind = -1;
            for (int i = 0; i < words.size() && kind < 0; i++) {
                if (List.of("@interface", "interface", "enum", "record", "class").contains(words.get(i))) {
                    kind = i;
                }
            }
            if (kind < 0 || kind + 1 >= words.size()) {
                throw new IllegalArgumentException("not a type header: " + line);
            }
            String name = words.get(kind + 1);
            types.add(name.contains("<") ? name.substring(0, name.indexOf('<')) : name);
        }
        return types;
    }

    /** Public top-level classes of the module outside {@link #INTERNAL}, by name. */
    private static List<Class<?>> apiTypes(Class<?> anyClass) {
        ClassLoader loader = anyClass.getClassLoader();
        List<Class<?>> types = new ArrayList<>();
        for (String name : classNames(anyClass)) {
            boolean internal = name.equals(INTERNAL) || name.startsWith(INTERNAL + ".");
            if (internal || name.contains("$") || name.endsWith("package-info") || name.endsWith("module-info")) {
                continue;
            }
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("listed but not loadable: " + name, e);
            }
            if (Modifier.isPublic(type.getModifiers())) {
                types.add(type);
            }
        }
        types.sort(Comparator.comparing(Class::getName));
        return types;
    }

    /** Binary names of every class file where {@code anyClass} was loaded from: a directory or a jar. */
    private static List<String> classNames(Class<?> anyClass) {
        Path location;
        try {
            location = Path.of(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        try {
            if (Files.isDirectory(location)) {
                return classNames(location);
            }
            try (FileSystem jar = FileSystems.newFileSystem(location)) {
                return classNames(jar.getPath("/"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> classNames(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> {
                        String relative = root.relativize(f).toString();
                        return relative.substring(0, relative.length() - ".class".length())
                                .replace(f.getFileSystem().getSeparator(), ".");
                    })
                    .sorted()
                    .toList();
        }
    }

    /** One type's block, as {@link #of} writes it. */
    static String type(Class<?> type) {
        StringBuilder out = new StringBuilder();
        type(type, "", out);
        return out.toString();
    }

    private static void type(Class<?> type, String indent, StringBuilder out) {
        out.append(indent).append(header(type)).append('\n');
        String member = indent + INDENT;
        for (String annotation : annotations(type)) {
            out.append(member).append(annotation).append('\n');
        }
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                out.append(member).append("component ").append(name(component.getGenericType()))
                        .append(' ').append(component.getName()).append('\n');
            }
        }
        if (type.isEnum()) {
            for (Object constant : type.getEnumConstants()) {
                out.append(member).append("constant ").append(((Enum<?>) constant).name()).append('\n');
            }
        }
        List<Map.Entry<String, String>> lines = new ArrayList<>(); // sort key (the name first), line
        for (Field field : type.getDeclaredFields()) {
            if (isApi(field.getModifiers()) && !field.isSynthetic() && !field.isEnumConstant()) {
                lines.add(Map.entry(field.getName(), "field " + prefix(field, field.getModifiers())
                        + name(field.getGenericType()) + " " + field.getName()));
            }
        }
        sortAndAppend(lines, member, out);
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (isApi(constructor.getModifiers()) && !constructor.isSynthetic()) {
                lines.add(Map.entry(parameters(constructor), "constructor " + prefix(constructor, constructor.getModifiers())
                        + typeParameters(constructor.getTypeParameters()) + type.getSimpleName()
                        + parameters(constructor) + exceptions(constructor)));
            }
        }
        sortAndAppend(lines, member, out);
        for (Method method : type.getDeclaredMethods()) {
            if (!isApi(method.getModifiers()) || method.isSynthetic() || method.isBridge()) {
                continue;
            }
            if (type.isAnnotation()) {
                Object value = method.getDefaultValue();
                lines.add(Map.entry(method.getName(), "element " + prefix(method, 0) + name(method.getGenericReturnType())
                        + " " + method.getName() + "()" + (value == null ? "" : " default " + value(value))));
            } else {
                lines.add(Map.entry(method.getName() + parameters(method), "method " + prefix(method, method.getModifiers())
                        + (method.isDefault() ? "default " : "") + typeParameters(method.getTypeParameters())
                        + name(method.getGenericReturnType()) + " " + method.getName() + parameters(method)
                        + exceptions(method)));
            }
        }
        sortAndAppend(lines, member, out);
        Arrays.stream(type.getDeclaredClasses())
                .filter(nested -> isApi(nested.getModifiers()) && !nested.isSynthetic())
                .sorted(Comparator.comparing(Class::getName))
                .forEach(nested -> type(nested, member, out));
    }

    /** By name, then parameters, then the whole line: what a reader looks for first. */
    private static void sortAndAppend(List<Map.Entry<String, String>> lines, String indent, StringBuilder out) {
        lines.stream()
                .sorted(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()))
                .forEach(line -> out.append(indent).append(line.getValue()).append('\n'));
        lines.clear();
    }

    private static boolean isApi(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String header(Class<?> type) {
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
                    .map(ApiDump::name).sorted().collect(Collectors.joining(", ")));
        }
        return header.toString();
    }

    /** The member's documented annotations and modifiers, each followed by a space. */
    private static String prefix(AnnotatedElement member, int modifiers) {
        int kept = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
        StringBuilder prefix = new StringBuilder();
        for (String annotation : annotations(member)) {
            prefix.append(annotation).append(' ');
        }
        String kinds = Modifier.toString(modifiers & kept);
        return kinds.isEmpty() ? prefix.toString() : prefix.append(kinds).append(' ').toString();
    }

    /** Runtime-visible annotations whose type is {@code @Documented} (so javadoc shows them too), sorted. */
    private static List<String> annotations(AnnotatedElement element) {
        TreeSet<String> annotations = new TreeSet<>();
        for (Annotation annotation : element.getDeclaredAnnotations()) {
            if (annotation.annotationType().isAnnotationPresent(Documented.class)) {
                annotations.add(value(annotation));
            }
        }
        return List.copyOf(annotations);
    }

    private static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        List<String> parameters = new ArrayList<>();
        for (TypeVariable<?> variable : variables) {
            List<Type> bounds = Arrays.stream(variable.getBounds()).filter(b -> b != Object.class).toList();
            parameters.add(variable.getName() + (bounds.isEmpty() ? ""
                    : " extends " + bounds.stream().map(ApiDump::name).collect(Collectors.joining(" & "))));
        }
        return "<" + String.join(", ", parameters) + "> ";
    }

    private static String parameters(Executable executable) {
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

    private static String exceptions(Executable executable) {
        Type[] thrown = executable.getGenericExceptionTypes();
        if (thrown.length == 0) {
            return "";
        }
        return " throws " + Arrays.stream(thrown).map(ApiDump::name).sorted().collect(Collectors.joining(", "));
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
            return base + "<" + Arrays.stream(p.getActualTypeArguments()).map(ApiDump::name)
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
    private static String value(Object value) {
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

    private static String escape(String s, char quote) {
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
