-- Shared by every wrk run of bench/run.sh: the same Authorization header for every server
-- (WireMock and bare Javalin ignore it), and one machine-readable result line at the end.
wrk.headers["Authorization"] = "Bearer lm_key_sandbox_all"

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
      + summary.errors.write + summary.errors.timeout
  io.write(string.format("WRK rps=%.1f p50_ms=%.3f p99_ms=%.3f requests=%d errors=%d\n",
      summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
      summary.requests, bad))
end
