package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.GenericServlet;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a port's servlets are told besides requests: a servlet unmounted or the port closed is
 * destroyed, each once, and a path is read as its mounted servlet reads it. Plain servlets that only
 * note what happened to them, no server.
 */
class MountedPathsTest {
    private final List<String> destroyed = new ArrayList<>();
    private final MountedPaths paths = new MountedPaths(servlet("own"));

    private GenericServlet servlet(String name) {
        return new GenericServlet() {
            @Override
            public void service(ServletRequest request, ServletResponse response) {
            }

            @Override
            public void destroy() {
                destroyed.add(name);
            }
        };
    }

    @Test
    void anUnmountedServletIsDestroyedOnceAndAPathNeverMountedDestroysNothing() {
        paths.add("/sandboxes/sandbox_a", servlet("a"));
        paths.remove("/sandboxes/sandbox_a");
        paths.remove("/sandboxes/sandbox_a");
        paths.remove("/sandboxes/never");
        assertThat(destroyed).containsExactly("a");
        // the path is free again
        paths.add("/sandboxes/sandbox_a", servlet("a again"));
        assertThatThrownBy(() -> paths.add("/sandboxes/sandbox_a", servlet("twice")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("/sandboxes/sandbox_a");
    }

    @Test
    void closingThePortDestroysEveryMountedServletThenItsOwnAndForgetsThem() {
        paths.add("/sandboxes/sandbox_a", servlet("a"));
        paths.add("/sandboxes/sandbox_b", servlet("b"));
        paths.destroy();
        assertThat(destroyed).containsExactlyInAnyOrder("a", "b", "own");
        assertThat(destroyed.get(2)).isEqualTo("own");
        // forgotten: removing one now destroys nothing more
        paths.remove("/sandboxes/sandbox_a");
        assertThat(destroyed).hasSize(3);
    }

    @Test
    void aPathIsReadAsTheServletUnderItsMountedPathReadsIt() {
        paths.add("/sandboxes/sandbox_a", servlet("a"));
        assertThat(paths.within("/sandboxes/sandbox_a/v0/cards")).isEqualTo("/v0/cards");
        assertThat(paths.within("/sandboxes/sandbox_a")).isEqualTo("/");
        // a closed sandbox's path (same parent, no longer mounted): the rest, as the port's own servlet answers it
        assertThat(paths.within("/sandboxes/sandbox_gone/v0/cards")).isEqualTo("/v0/cards");
        assertThat(paths.within("/v0/cards/card_1")).isEqualTo("/v0/cards/card_1");
        assertThat(paths.within("/sandboxes")).isEqualTo("/sandboxes");
        assertThat(paths.within("")).isEmpty();
        assertThat(paths.within("sandboxes/sandbox_a/v0")).isEqualTo("sandboxes/sandbox_a/v0");
    }
}
