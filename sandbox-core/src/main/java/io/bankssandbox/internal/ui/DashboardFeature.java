package io.bankssandbox.internal.ui;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.state.DomainException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard at {@code /_sandbox/ui}: static HTML, JavaScript and CSS from the classpath, no
 * build step. The files carry no data and no secret, so they are served without Authorization (a
 * browser cannot put a bearer header on a page it navigates to); everything the page shows or does
 * goes through the control API, whose admin token (when one is set) the page asks for and sends.
 */
public final class DashboardFeature implements Feature {
    public static final String ROOT = "/_sandbox/ui";
    private static final String RESOURCES = "io/bankssandbox/ui/";
    /** Flat names only: no path can climb out of the dashboard's resource folder. */
    private static final Pattern ASSET = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}\\.(html|js|css|svg)");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml");

    @Override
    public void controlRoutes(ApiRouter control) {
        ApiRouter pages = control.as(HttpPipeline.Family.PUBLIC);
        pages.get(ROOT, ErrorShape.NEST, request -> asset("index.html"));
        pages.get(ROOT + "/{asset}", ErrorShape.NEST, request -> asset(request.path("asset")));
    }

    private static ApiResponse asset(String name) {
        Matcher matcher = ASSET.matcher(name);
        if (!matcher.matches()) {
            throw DomainException.notFound("Dashboard file", name);
        }
        try (InputStream in = DashboardFeature.class.getClassLoader().getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw DomainException.notFound("Dashboard file", name);
            }
            return ApiResponse.raw(TYPES.get(matcher.group(1)), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable dashboard resource " + name, e);
        }
    }
}
