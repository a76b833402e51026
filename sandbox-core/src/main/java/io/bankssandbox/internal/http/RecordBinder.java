package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.bankssandbox.internal.state.Json;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds a body that passed its schema to a command record the way {@link Json#MAPPER} would, for the
 * plain shapes commands have: records of strings, whole numbers, booleans, lists, enums and other such
 * records, their JSON names the components' in snake_case. Anything else (a Jackson annotation on a
 * record or component, a value of another JSON type than the component's, a property no component
 * names, a primitive left out, a date, an {@code Object}) is not this class's to decide: it answers
 * {@link #UNBOUND} and the caller binds with Jackson, so every body is bound exactly as Jackson binds
 * it. Why: building a Jackson deserializer is a fresh JVM's first POST's costliest step after the
 * schema library (about 90 classes of Jackson's introspection for the first record), where reading a
 * record's components costs a few. A record's shape is read once, then each body costs a constructor
 * call. Shapes are the classes' own, the same for every sandbox: the JVM's sandboxes share {@link #SHARED}.
 */
final class RecordBinder {
    /** The answer when a body is not one this class binds: bind it with Jackson. */
    static final Object UNBOUND = new Object();

    private static final PropertyNamingStrategies.NamingBase NAMES =
            (PropertyNamingStrategies.NamingBase) Json.MAPPER.getPropertyNamingStrategy();
    /** The binder of every route in this JVM. */
    static final RecordBinder SHARED = new RecordBinder();

    private final Map<Class<?>, Shape> shapes = new ConcurrentHashMap<>();
    private final Map<Class<?>, Map<String, Object>> enums = new ConcurrentHashMap<>();

    /** A binder that reads each shape afresh (a test's: PIT's minions keep static state from mutant to mutant). */
    RecordBinder() {}

    /** The command of {@code type} that {@code body} binds to, or {@link #UNBOUND}. */
    Object bind(JsonNode body, Class<?> type) {
        try {
            return value(body, type);
        } catch (Unbound e) {
            return UNBOUND;
        }
    }

    /** A record's components' types and JSON names, and its canonical constructor; null when Jackson must read it. */
    private record Shape(Type[] types, String[] names, Constructor<?> constructor) {}

    /** Thrown inside, never out: the body needs Jackson. */
    private static final class Unbound extends Exception {
        Unbound() {
            super(null, null, false, false);
        }
    }

    private Object value(JsonNode node, Type type) throws Unbound {
        Class<?> raw = type instanceof ParameterizedType parameterized ? (Class<?>) parameterized.getRawType()
                : type instanceof Class<?> c ? c : null;
        if (raw == null) {
            throw new Unbound();
        }
        if (node == null || node.isNull()) {
            if (raw.isPrimitive()) {
                throw new Unbound(); // a primitive left out or null: Jackson's rule (FAIL_ON_NULL_FOR_PRIMITIVES) decides
            }
            return null;
        }
        if (raw == String.class && node.isTextual()) {
            return node.textValue();
        }
        if ((raw == long.class || raw == Long.class) && node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        if ((raw == int.class || raw == Integer.class) && node.isIntegralNumber() && node.canConvertToInt()) {
            return node.intValue();
        }
        if ((raw == boolean.class || raw == Boolean.class) && node.isBoolean()) {
            return node.booleanValue();
        }
        if (raw == List.class && node.isArray() && type instanceof ParameterizedType parameterized) {
            Type element = parameterized.getActualTypeArguments()[0];
            List<Object> list = new ArrayList<>(node.size());
            for (JsonNode item : node) {
                if (item.isNull()) {
                    throw new Unbound();
                }
                list.add(value(item, element));
            }
            return list;
        }
        if (raw.isEnum() && node.isTextual()) {
            return enumValue(raw, node.textValue());
        }
        if (raw.isRecord() && node.isObject()) {
            return record(node, raw);
        }
        throw new Unbound();
    }

    private Object record(JsonNode node, Class<?> type) throws Unbound {
        Shape shape = shapes.computeIfAbsent(type, RecordBinder::shape);
        if (shape.constructor() == null) {
            throw new Unbound();
        }
        String[] names = shape.names();
        Object[] arguments = new Object[names.length];
        int matched = 0;
        for (int i = 0; i < names.length; i++) {
            JsonNode field = node.get(names[i]);
            if (field != null) {
                matched++;
            }
            arguments[i] = value(field, shape.types()[i]);
        }
        if (matched != node.size()) {
            throw new Unbound(); // a property no component names: Jackson refuses it in its own words
        }
        try {
            return shape.constructor().newInstance(arguments);
        } catch (InvocationTargetException | InstantiationException | IllegalAccessException e) {
            throw new Unbound(); // the record's own checks refused: Jackson reports it as it always has
        }
    }

    private static Shape shape(Class<?> type) {
        if (hasJacksonAnnotation(type.getAnnotations()) || !Modifier.isPublic(type.getModifiers())) {
            return new Shape(null, null, null);
        }
        RecordComponent[] components = type.getRecordComponents();
        String[] names = new String[components.length];
        Type[] types = new Type[components.length];
        Class<?>[] parameters = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            if (hasJacksonAnnotation(components[i].getAnnotations())
                    || hasJacksonAnnotation(components[i].getAccessor().getAnnotations())) {
                return new Shape(null, null, null);
            }
            names[i] = NAMES.translate(components[i].getName());
            parameters[i] = components[i].getType();
            types[i] = components[i].getGenericType();
        }
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (hasJacksonAnnotation(constructor.getAnnotations())) {
                return new Shape(null, null, null); // a creator of its own: Jackson's
            }
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(parameters);
            if (!Modifier.isPublic(canonical.getModifiers())) {
                return new Shape(null, null, null);
            }
            return new Shape(types, names, canonical);
        } catch (NoSuchMethodException e) {
            return new Shape(null, null, null);
        }
    }

    /**
     * An enum constant by its JSON value, as Jackson reads enums here: through the enum's one
     * {@code @JsonCreator} factory of a string, or else by name; anything else is Jackson's.
     */
    private Object enumValue(Class<?> type, String text) throws Unbound {
        Map<String, Object> byText = enums.computeIfAbsent(type, RecordBinder::enumValues);
        Object constant = byText.get(text);
        if (constant == null) {
            throw new Unbound();
        }
        return constant;
    }

    /**
     * Each constant by the text that reads as it: its name for an enum without Jackson annotations; for
     * one read through a single {@code @JsonCreator} factory of a string (with or without a
     * {@code @JsonValue}), the texts among each constant's name and {@code @JsonValue} that the factory
     * turns into that constant. Empty (so every body goes to Jackson) for any other enum.
     */
    private static Map<String, Object> enumValues(Class<?> type) {
        if (hasJacksonAnnotation(type.getAnnotations())) {
            return Map.of();
        }
        for (java.lang.reflect.Field field : type.getDeclaredFields()) {
            if (field.isEnumConstant() && hasJacksonAnnotation(field.getAnnotations())) {
                return Map.of(); // @JsonProperty or @JsonAlias on a constant
            }
        }
        Method creator = null;
        boolean jsonValue = false;
        for (Method method : type.getDeclaredMethods()) {
            if (!hasJacksonAnnotation(method.getAnnotations())) {
                continue;
            }
            com.fasterxml.jackson.annotation.JsonCreator factory = method.getAnnotation(com.fasterxml.jackson.annotation.JsonCreator.class);
            if (factory != null && creator == null && method.getAnnotations().length == 1
                    && (factory.mode() == com.fasterxml.jackson.annotation.JsonCreator.Mode.DEFAULT
                    || factory.mode() == com.fasterxml.jackson.annotation.JsonCreator.Mode.DELEGATING)
                    && Modifier.isStatic(method.getModifiers()) && Modifier.isPublic(method.getModifiers())
                    && method.getParameterCount() == 1 && method.getParameterTypes()[0] == String.class
                    && method.getReturnType() == type) {
                creator = method;
            } else if (method.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonValue.class)
                    && method.getAnnotations().length == 1) {
                jsonValue = true;
            } else {
                return Map.of(); // another annotation, or a second creator
            }
        }
        Map<String, Object> byText = new HashMap<>();
        for (Object constant : type.getEnumConstants()) {
            if (creator == null) {
                if (jsonValue) {
                    return Map.of(); // read by its @JsonValue: Jackson's
                }
                byText.put(((Enum<?>) constant).name(), constant);
                continue;
            }
            for (String text : wireTexts(type, constant)) {
                try {
                    if (creator.invoke(null, text) == constant) {
                        byText.put(text, constant);
                    }
                } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                    // not a text of this constant
                }
            }
        }
        return byText;
    }

    /** The texts a constant may be sent as: its name, and the value of its {@code @JsonValue} method. */
    private static List<String> wireTexts(Class<?> type, Object constant) {
        List<String> texts = new ArrayList<>(List.of(((Enum<?>) constant).name()));
        for (Method method : type.getDeclaredMethods()) {
            if (method.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonValue.class) && method.getParameterCount() == 0
                    && method.getReturnType() == String.class) {
                try {
                    texts.add((String) method.invoke(constant));
                } catch (IllegalAccessException | InvocationTargetException e) {
                    // no wire text
                }
            }
        }
        return texts;
    }

    private static boolean hasJacksonAnnotation(Annotation[] annotations) {
        for (Annotation annotation : annotations) {
            String name = annotation.annotationType().getName();
            if (name.startsWith("com.fasterxml.jackson.")) {
                return true;
            }
        }
        return false;
    }

}
