#!/usr/bin/env bash
# bench/parts/30-start-profile.sh: where a `java -jar` start's CPU goes, by thread and by kind of work
# (JIT compilers, class loading, GC, the code itself), from async-profiler's CPU samples of one start
# up to its first 200. async-profiler comes from Maven Central (tools.profiler:async-profiler);
# Linux x86-64 only, skipped elsewhere.
set -euo pipefail
RESULTS=${1:?usage: $0 RESULTS}
OUT=${OUT:-$PWD/bench/target}
JAR=${JAR:-$PWD/sandbox-standalone/target/banks-sandbox.jar}
CP=${CP:-$JAR:$OUT/classes}
PORT=${PORT_PROFILE:-19086}
JAVA_OPTS=${JAVA_OPTS:-}
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "start profile: skipped (Linux x86-64 only)" >&2; exit 0; }
AP=$OUT/async-profiler
if [ ! -f "$AP/linux-x64/libasyncProfiler.so" ]; then
  mvn -B -q dependency:copy -Dartifact=tools.profiler:async-profiler:3.0 -DoutputDirectory="$AP"
  (cd "$AP" && unzip -q -o async-profiler-3.0.jar 'linux-x64/*')
fi
printf '\n== %s\n' "where a \`java -jar\` start's CPU goes (async-profiler, CPU samples every 1 ms, up to the first 200)" >&2
PROFILE=$OUT/start-profile.collapsed
rm -f "$PROFILE"
# perf events where the kernel allows them, else the interval timer
event=cpu; [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3)" -le 2 ] || event=itimer
java $JAVA_OPTS -agentpath:"$AP/linux-x64/libasyncProfiler.so=start,event=$event,interval=1ms,threads,collapsed,file=$PROFILE" \
  -jar "$JAR" serve --port "$PORT" > "$OUT/start-profile.log" 2>&1 & pid=$!
until curl -sf -o /dev/null -H "Authorization: Bearer lm_key_sandbox_all" "http://127.0.0.1:$PORT/v0/cards/card_0000006ffif7l9i19ra5"; do
  kill -0 "$pid" 2>/dev/null || { echo "the profiled sandbox died; see $OUT/start-profile.log" >&2; exit 1; }
  sleep 0.005
done
kill "$pid"; wait "$pid" 2>/dev/null || true # the profile is written as the JVM exits
java -cp "$CP" io.bankssandbox.internal.bench.StartProfile "$PROFILE" | tee -a "$RESULTS" >&2
echo "load_start_profile=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS"
