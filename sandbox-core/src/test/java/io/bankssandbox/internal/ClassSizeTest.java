package io.bankssandbox.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every class a reader can hold: at most {@value #MOST} lines of code in each Java file of the
 * repository, main, test, build and bench sources of every module alike. A line of code is a line
 * with anything but whitespace outside comments: blank lines, lines only of a {@code //} comment and
 * lines inside a block or Javadoc comment do not count; a line of a text block or a string does. A
 * file is counted whole, its nested classes with it.
 */
class ClassSizeTest {
    static final int MOST = 300;
    /** Directories never walked: build output, installed packages, version control. */
    private static final Set<String> SKIPPED = Set.of("target", "node_modules", ".git");

    @Test
    void noJavaFileOfAnyModuleHasMoreThan300LinesOfCode() throws IOException {
        Path root = repositoryRoot();
        List<String> over;
        try (Stream<Path> files = Files.walk(root)) {
            over = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> Stream.of(root.relativize(file).toString().split("/")).noneMatch(SKIPPED::contains))
                    .map(file -> linesOfCode(file) + " " + root.relativize(file))
                    .filter(line -> Integer.parseInt(line.substring(0, line.indexOf(' '))) > MOST).sorted().toList();
        }
        assertThat(over).as("files over %d lines of code: split each along its own seams", MOST).isEmpty();
    }

    @Test
    void countsCodeNotCommentsBlankLinesOrCommentMarkersInStrings() {
        String source = """
                package a;

                /** A class.
                 * Still the comment. */
                class A { // a comment after code
                    // a comment alone
                    String url = "http://example.com/*not a comment*/";
                    /* a block */ int x;
                    String text = \"""
                        inside a text block // counts
                        \""";
                }
                """;
        assertThat(linesOfCode(source)).isEqualTo(8);
    }

    /** The repository: the directory above sandbox-core, where the root pom is. */
    private static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        Path root = Files.exists(here.resolve("sandbox-core")) ? here : here.getParent();
        assertThat(root.resolve("pom.xml")).exists();
        assertThat(root.resolve("sandbox-core")).isDirectory();
        return root;
    }

    private static int linesOfCode(Path file) {
        try {
            return linesOfCode(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines with code outside comments (see the class comment), strings and text blocks read as code. */
    static int linesOfCode(String source) {
        int lines = 0;
        boolean code = false;
        State state = State.CODE;
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\n') {
                lines += code ? 1 : 0;
                code = false;
                state = state == State.STRING || state == State.CHAR ? State.CODE : state;
                continue;
            }
            switch (state) {
                case BLOCK_COMMENT -> {
                    if (source.startsWith("*/", i)) {
                        state = State.CODE;
                        i++;
                    }
                }
                case TEXT_BLOCK -> {
                    code |= !Character.isWhitespace(c);
                    if (c == '\\') {
                        i++;
                    } else if (source.startsWith("\"\"\"", i)) {
                        state = State.CODE;
                        i += 2;
                    }
                }
                case STRING, CHAR -> {
                    code = true;
                    if (c == '\\') {
                        i++;
                    } else if (c == (state == State.STRING ? '"' : '\'')) {
                        state = State.CODE;
                    }
                }
                case CODE -> {
                    if (source.startsWith("//", i)) {
                        int end = source.indexOf('\n', i);
                        i = (end < 0 ? source.length() : end) - 1;
                    } else if (source.startsWith("/*", i)) {
                        state = State.BLOCK_COMMENT;
                        i++;
                    } else if (source.startsWith("\"\"\"", i)) {
                        state = State.TEXT_BLOCK;
                        code = true;
                        i += 2;
                    } else if (c == '"' || c == '\'') {
                        state = c == '"' ? State.STRING : State.CHAR;
                        code = true;
                    } else {
                        code |= !Character.isWhitespace(c);
                    }
                }
            }
        }
        return lines + (code ? 1 : 0);
    }

    private enum State { CODE, BLOCK_COMMENT, STRING, CHAR, TEXT_BLOCK }
}
