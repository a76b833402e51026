package io.bankssandbox.internal.apicheck;

import static io.bankssandbox.internal.apicheck.ApiSignatures.annotations;
import static io.bankssandbox.internal.apicheck.ApiSignatures.exceptions;
import static io.bankssandbox.internal.apicheck.ApiSignatures.header;
import static io.bankssandbox.internal.apicheck.ApiSignatures.name;
import static io.bankssandbox.internal.apicheck.ApiSignatures.parameters;
import static io.bankssandbox.internal.apicheck.ApiSignatures.prefix;
import static io.bankssandbox.internal.apicheck.ApiSignatures.typeParameters;
import static io.bankssandbox.internal.apicheck.ApiSignatures.value;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Documented;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
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
}
