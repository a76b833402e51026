package io.bankssandbox.internal.control;

import io.bankssandbox.internal.access.ApiKey;

import io.bankssandbox.internal.requests.Fault;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.clock.ClockEvent;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.http.ApiException;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.DataList;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.FaultInjector;
import io.bankssandbox.internal.http.StreamingBody;
import io.bankssandbox.internal.state.DomainException;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * The sandbox's own control surface under {@code /_sandbox}: health, clock, reset, state export and
 * import, the request journal, fault injection. Feature-specific simulations live with their feature.
 */
public final class ControlFeature implements Feature {

    private final SandboxRuntime runtime;
    private final ClockEventLog clockEvents = new ClockEventLog();

    public ControlFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
        runtime.events().afterCommit(clockEvents::record);
    }

    /** The moves the records made, numbered, for waits on what happens next. */
    public ClockEventLog clockEvents() {
        return clockEvents;
    }

    public record Health(String status, String version) {}

    public record ClockView(Instant now, String mode) {}

    public record Advanced(Instant now, List<ClockEvent> events) {}

    public record ResetView(Instant now) {}


    public record FaultList(List<Fault> faults) {}

    @Override
    public void controlRoutes(ApiRouter control) {
        control.get("/_sandbox/health", ErrorShape.NEST, request -> ApiResponse.ok(new Health("ok", SandboxVersion.current())));
        control.get("/_sandbox/clock", ErrorShape.NEST, request -> ApiResponse.ok(clockView()));
        control.get("/_sandbox/clock/events", ErrorShape.NEST, request -> {
            String after = request.query("after"); // none: nothing yet, the position to wait from
            return ApiResponse.ok(clockEvents.since(after == null ? Long.MAX_VALUE : Long.parseLong(after)));
        });
        control.get("/_sandbox/scenario-schema.json", ErrorShape.NEST,
                request -> ApiResponse.raw(ScenarioSchemaFile.MEDIA_TYPE, ScenarioSchemaFile.bytes()));
        control.post("/_sandbox/clock/advance", ErrorShape.NEST, TimeMachine.Advance.class, (request, advance) -> {
            List<ClockEvent> events = runtime.timeMachine().advance(advance);
            return ApiResponse.ok(new Advanced(runtime.clock().now(), events));
        });
        control.post("/_sandbox/reset", ErrorShape.NEST, request -> ApiResponse.ok(new ResetView(runtime.reset())));
        // the state document can be hundreds of megabytes: written and read as streams, never held whole
        StreamingBody export = runtime::exportState;
        control.get("/_sandbox/state", ErrorShape.NEST, request -> ApiResponse.ok(export));
        long importLimit = runtime.config().maxImportBytes();
        control.putStreamed("/_sandbox/state", ErrorShape.NEST, importLimit,
                "the import limit of " + sizeOf(importLimit) + " (--max-import-size)", request -> {
                    try {
                        runtime.importState(request.bodyStream());
                    } catch (FixtureException e) {
                        throw DomainException.invalid(e.problems());
                    } catch (IOException e) {
                        throw ApiException.badRequest("State document could not be read: " + e.getMessage());
                    }
                    return ApiResponse.ok(export);
                });
        control.get("/_sandbox/requests", ErrorShape.NEST, request -> {
            String format = request.query("format");
            if ("scenario".equals(format) || "scenario-yaml".equals(format)) {
                int defaultKey = runtime.state().read(s -> {
                    for (int i = 0; i < s.apiKeys.size(); i++) {
                        if (s.apiKeys.get(i).key().equals(ApiKey.DEFAULT)) {
                            return i + 1;
                        }
                    }
                    return 1; // replay's default is then the first key
                });
                ObjectNode scenario = ScenarioExport.of(runtime.journal().session(), runtime.config().fixtures(),
                        runtime.config().seed(), runtime.fixtureStart(), defaultKey, runtime.exportFixtureState());
                return "scenario".equals(format) ? ApiResponse.ok(scenario)
                        : ApiResponse.raw("application/yaml", ScenarioExport.yaml(scenario));
            }
            return ApiResponse.ok(new DataList<>(runtime.journal().entries()));
        });
        control.delete("/_sandbox/requests", ErrorShape.NEST, request -> {
            runtime.journal().clear();
            return ApiResponse.ok(new DataList<>(List.of()));
        });
        control.get("/_sandbox/faults", ErrorShape.NEST, request -> ApiResponse.ok(new FaultList(runtime.faults().list())));
        control.post("/_sandbox/faults", ErrorShape.NEST, request -> {
            runtime.faults().add(Fault.fromRequest(request.body()));
            return ApiResponse.ok(new FaultList(runtime.faults().list()));
        });
        control.delete("/_sandbox/faults", ErrorShape.NEST, request -> {
            runtime.faults().clear();
            return ApiResponse.ok(new FaultList(List.of()));
        });
    }

    /** A byte count as people write it: 256 MiB, 1.5 GiB, 300 KiB, 12 bytes. */
    static String sizeOf(long bytes) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return (value == Math.rint(value) ? String.valueOf((long) value) : String.format(java.util.Locale.ROOT, "%.1f", value))
                + " " + units[unit];
    }

    private ClockView clockView() {
        return new ClockView(runtime.clock().now(), runtime.clock().mode().wireName());
    }
}
