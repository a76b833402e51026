package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages beside it are a user's whole reference: they cite no contract document a
 * user does not have (the project's SPEC and DESIGN files, or their numbered sections), and every
 * link to a file of the repository leads to one that exists.
 */
class SelfContainedDocsTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern OUTSIDE = Pattern.compile("\\bSPEC\\b|\\bDESIGN\\b|SPEC\\.md|DESIGN\\.md|§");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)");

    @Test
    void noPageCitesTheContractFilesUsersDoNotHave() throws IOException {
        List<String> citations = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher outside = OUTSIDE.matcher(lines.get(i));
                if (outside.find()) {
                    citations.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(citations)
                .as("lines citing SPEC, DESIGN or a § section, which are not in the repository: state what the"
                        + " user needs in the page itself")
                .isEmpty();
    }

    @Test
    void everyLinkIntoTheRepositoryLeadsToAFile() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                String target = link.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                if (!Files.exists(page.getParent().resolve(target))) {
                    broken.add(ROOT.relativize(page) + " -> " + target);
                }
            }
        }
        assertThat(broken).as("links to files the repository does not have").isEmpty();
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("bench").resolve("RESULTS.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertThat(pages).allMatch(Files::exists);
        return pages;
    }
}
