package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.apicheck.ApiRules;
import io.bankssandbox.internal.cards.CardIssuer;
import io.bankssandbox.internal.state.Json;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordBinder} binds every body it takes exactly as the route's Jackson reader binds it,
 * and leaves to Jackson every body Jackson refuses: for the command record of every route that binds
 * one (found in the routes' code, so a new route is covered), thousands of bodies made up from the
 * record's own shape, right and wrong (missing, null and unknown properties, values of every JSON
 * type, numbers past a long, enum texts in every case).
 */
class RecordBinderTest {
    private static final PropertyNamingStrategies.NamingBase NAMES = (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static Set<Class<?>> commands;
    /** Each test's own, so every shape is read by the code under test (a shared one keeps them from earlier tests). */
    private final RecordBinder binder = new RecordBinder();

    @BeforeAll
    static void findTheCommands() throws Exception {
        JavaClasses core = ApiRules.importModule(Sandbox.class);
        commands = new java.util.LinkedHashSet<>();
        for (JavaClass javaClass : core) {
            for (JavaCodeUnit unit : javaClass.getCodeUnits()) {
                boolean bindsACommand = false;
                for (JavaMethodCall call : unit.getMethodCallsFromSelf()) {
                    bindsACommand |= call.getTargetOwner().isEquivalentTo(ApiRouter.class) && call.getName().equals("post")
                            && call.getTarget().getRawParameterTypes().size() == 4;
                }
                if (bindsACommand) {
                    for (var referenced : unit.getReferencedClassObjects()) {
                        Class<?> type = Class.forName(referenced.getRawType().getName());
                        if (type.isRecord()) {
                            commands.add(type);
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyRoutesCommandIsBoundAsJacksonBindsIt() throws Exception {
        assertThat(commands).contains(CardIssuer.IssueCard.class).hasSizeGreaterThanOrEqualTo(8);
        Set<String> boundByTheBinder = new TreeSet<>();
        int compared = 0;
        for (Class<?> command : commands) {
            CommandBinding route = new CommandBinding(command);
            for (int seed = 0; seed < 400; seed++) {
                JsonNode body = value(command, new Random(seed * 31L + command.getName().hashCode()), 0, seed % 3 == 0);
                Object expected;
                try {
                    expected = route.bindWithJackson(body);
                } catch (RuntimeException e) {
                    expected = e;
                }
                Object bound = binder.bind(body, command);
                if (bound != RecordBinder.UNBOUND) {
                    assertThat(bound).as("%s from %s", command.getSimpleName(), body).isEqualTo(expected);
                    boundByTheBinder.add(command.getSimpleName());
                }
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(3000);
        // the first POST of a fresh JVM, and most commands, never build a Jackson deserializer
        assertThat(boundByTheBinder).contains("IssueCard").hasSizeGreaterThanOrEqualTo(commands.size() / 2);
    }

    @Test
    void theBenchmarksCardIsBoundWithoutJackson() throws Exception {
        JsonNode body = Json.MAPPER.readTree("{\"bank_account_id\":\"account_0000000ptmhjx1gxm2mi\",\"nickname\":\"Bench\","
                + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
                + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}");

        Object bound = binder.bind(body, CardIssuer.IssueCard.class);

        assertThat(bound).isNotSameAs(RecordBinder.UNBOUND)
                .isEqualTo(new CommandBinding(CardIssuer.IssueCard.class).bindWithJackson(body));
    }

    /** A JSON value for {@code type}: mostly of its kind ({@code right}: always, unknown properties aside), sometimes of another. */
    private static JsonNode value(Type type, Random random, int depth, boolean right) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (!right && random.nextInt(12) == 0 || depth > 6) {
            return anything(random);
        }
        if (raw == String.class) {
            return NODES.textNode(random.nextInt(20) == 0 ? "" : "t" + random.nextInt(1000));
        }
        if (raw == long.class || raw == Long.class || raw == int.class || raw == Integer.class) {
            return switch (right ? 0 : random.nextInt(8)) {
                case 1 -> NODES.numberNode(new BigInteger("123456789012345678901234567890"));
                case 2 -> NODES.numberNode(3_000_000_000L);
                case 3 -> NODES.numberNode(12.0);
                default -> NODES.numberNode(random.nextInt(200_000) - 1_000);
            };
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return NODES.booleanNode(random.nextBoolean());
        }
        if (raw == List.class) {
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            var array = NODES.arrayNode();
            for (int i = random.nextInt(4); i > 0; i--) {
                array.add(!right && random.nextInt(10) == 0 ? NODES.nullNode() : value(element, random, depth + 1, right));
            }
            return array;
        }
        if (raw.isEnum()) {
            Object constant = raw.getEnumConstants()[random.nextInt(raw.getEnumConstants().length)];
            String name = ((Enum<?>) constant).name();
            return NODES.textNode(switch (random.nextInt(right ? 2 : 4)) {
                case 0 -> name.toLowerCase(java.util.Locale.ROOT);
                case 1 -> wireText(raw, constant, name);
                case 2 -> name;
                default -> "no_such_" + name;
            });
        }
        if (raw.isRecord()) {
            ObjectNode object = NODES.objectNode();
            for (RecordComponent component : raw.getRecordComponents()) {
                int pick = random.nextInt(10);
                if (pick < 7 || right && component.getType().isPrimitive()) {
                    object.set(NAMES.translate(component.getName()), value(component.getGenericType(), random, depth + 1, right));
                } else if (pick == 7 && !right) {
                    object.putNull(NAMES.translate(component.getName()));
                }
            }
            if (random.nextInt(15) == 0) {
                object.put("no_such_property", 1);
            }
            return object;
        }
        // Object, dates, maps: sometimes left out, else something of some kind
        return random.nextBoolean() ? NODES.textNode("2026-02-01") : anything(random);
    }

    private static String wireText(Class<?> type, Object constant, String name) {
        for (Method method : type.getDeclaredMethods()) {
            if (method.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonValue.class)) {
                try {
                    return String.valueOf(method.invoke(constant));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return name;
    }

    private static JsonNode anything(Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.textNode("x");
            case 2 -> NODES.numberNode(7);
            case 3 -> NODES.numberNode(1.5);
            case 4 -> NODES.booleanNode(true);
            case 5 -> NODES.arrayNode().add(1);
            default -> NODES.objectNode().put("a", "b");
        };
    }
}
