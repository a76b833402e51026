package io.bankssandbox.internal.apicheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Serializable;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What the dumper writes for each kind of type and member (the API of today's modules has few of them). */
class ApiDumpTest {

    @Test
    void genericsVarargsThrowsAndVisibilitySortedByName() {
        assertThat(ApiDump.type(Sample.class)).isEqualTo("""
                public abstract static class io.bankssandbox.internal.apicheck.ApiDumpTest.Sample<K extends java.lang.Comparable<? super K>, V> implements java.io.Serializable
                  field protected static final int LIMIT
                  field public java.util.Map<K, java.util.List<? extends V>> values
                  constructor public Sample()
                  constructor protected Sample(java.lang.String...)
                  method public final java.util.Map.Entry<K, V>[][] pairs(int[], java.lang.Object...)
                  method protected abstract <T extends java.lang.Number & java.lang.Runnable> T pick(java.util.function.Function<? super K, T>[]) throws java.io.IOException
                  public static interface io.bankssandbox.internal.apicheck.ApiDumpTest.Sample.Shape
                    method public default java.lang.String name()
                    method public abstract int sides()
                    method public static io.bankssandbox.internal.apicheck.ApiDumpTest.Sample.Shape square()
                """);
    }

    @Test
    void recordsEnumsAndSealedTypesInDeclarationOrder() {
        assertThat(ApiDump.type(Pair.class)).isEqualTo("""
                public static final record io.bankssandbox.internal.apicheck.ApiDumpTest.Pair<A>
                  component java.lang.String first
                  component A second
                  constructor public Pair(java.lang.String, A)
                  method public final boolean equals(java.lang.Object)
                  method public java.lang.String first()
                  method public final int hashCode()
                  method public A second()
                  method public final java.lang.String toString()
                """);
        assertThat(ApiDump.type(Level.class)).isEqualTo("""
                public static final enum io.bankssandbox.internal.apicheck.ApiDumpTest.Level
                  constant LOW
                  constant HIGH
                  constant MEDIUM
                  method public static io.bankssandbox.internal.apicheck.ApiDumpTest.Level valueOf(java.lang.String)
                  method public static io.bankssandbox.internal.apicheck.ApiDumpTest.Level[] values()
                """);
        assertThat(ApiDump.type(Node.class)).startsWith("public static sealed interface")
                .contains("permits io.bankssandbox.internal.apicheck.ApiDumpTest.Leaf");
    }

    @Test
    void annotationsWithTheirDefaults() {
        assertThat(ApiDump.type(Marker.class)).isEqualTo("""
                public static @interface io.bankssandbox.internal.apicheck.ApiDumpTest.Marker
                  @java.lang.annotation.Documented
                  @java.lang.annotation.Retention(value=java.lang.annotation.RetentionPolicy.RUNTIME)
                  @java.lang.annotation.Target(value={java.lang.annotation.ElementType.TYPE})
                  element char c() default '\\''
                  element java.lang.Class<? extends java.lang.Number> kind() default java.lang.Integer.class
                  element java.lang.String name()
                  element java.lang.String[] tags() default {"a\\"b", "\\u00e9"}
                  element java.util.concurrent.TimeUnit unit() default java.util.concurrent.TimeUnit.SECONDS
                """);
    }

    @Test
    void theTopLevelTypesOfADump() {
        String dump = "# header\n\npublic final class a.B<T extends c.D> extends e.F\n  method public void g()\n"
                + "  public static final class a.B.Inner\n\npublic @interface a.C\n";
        assertThat(ApiDump.topLevelTypes(dump)).containsExactly("a.B", "a.C");
    }

    @Test
    void theDiffShowsTheChangedLinesWithTheirContext() {
        String diff = ApiDumpFile.diff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nK\n");
        assertThat(diff).isEqualTo("@@ line 2\n b\n c\n-d\n+D\n e\n f\n@@ line 9\n i\n j\n+K\n \n");
    }

    @SuppressWarnings("serial")
    public abstract static class Sample<K extends Comparable<? super K>, V> implements Serializable {
        protected static final int LIMIT = 3;
        public Map<K, List<? extends V>> values;
        int packagePrivate;
        private int hidden;

        public Sample() {}

        protected Sample(String... names) {}

        protected abstract <T extends Number & Runnable> T pick(Function<? super K, T>[] choices) throws IOException;

        public final Map.Entry<K, V>[][] pairs(int[] counts, Object... rest) {
            return null;
        }

        void notApi() {}

        public interface Shape {
            int sides();

            default String name() {
                return "";
            }

            static Shape square() {
                return () -> 4;
            }
        }

        interface Hidden {}
    }

    public record Pair<A>(String first, A second) {}

    public enum Level { LOW, HIGH, MEDIUM }

    public sealed interface Node permits Leaf {}

    public record Leaf() implements Node {}

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    public @interface Marker {
        String name();

        String[] tags() default {"a\"b", "\u00e9"};

        char c() default '\'';

        Class<? extends Number> kind() default Integer.class;

        TimeUnit unit() default TimeUnit.SECONDS;
    }
}
