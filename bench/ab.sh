#!/usr/bin/env bash
# The A/B bench: this worktree's build against another commit's (main by default), in one run, in
# alternating rounds, so both meet the same neighbours (on a shared machine a figure taken an hour
# apart measures the load more than the change). Run it before a change lands (docs/performance.md).
#
#   bench/ab.sh                 this worktree against main
#   bench/ab.sh 7323738         ... against any commit, branch or tag
#   BASELINE_JAR=x.jar bench/ab.sh   ... against a jar already built
#   ROUNDS=4 CYCLES=50 DURATION=5s WARMUP=40s WARMUP_MAX=90s bench/ab.sh main start first get post
#   SKIP_BUILD=1 bench/ab.sh    reuse this worktree's jars as they are built
#
# The reference's jar is built once per commit in a temporary worktree (bench/target/ab/REF.jar,
# kept for the next run). Each round measures both builds, one after the other, the order going
# AB, BA, BA, AB (a trend over the run weighs on both sides alike); each figure is the same as
# bench/run.sh's:
#  start     `java -jar` start to the first 200 and the CPU used by then (StartBench)
#  requests  a fresh server's start, first GET and first validated POST, each from the launch (FirstRequests)
#  first     the first Sandbox.start() + one request in a fresh JVM, then CYCLES further sandboxes (start,
#            one request, close: FirstStart), and WireMock's the same way (the further-sandbox target's peer)
#  get post  GET /v0/cards/{id} and POST /v0/cards (a new Idempotency-Key each) under wrk -t2 -c16: a fresh
#            server per sample, warmed up until its CPU per request settles, then DURATION measured
# The report (bench/target/ab/report.md) gives each figure's ratio, change over reference, as the mean
# of the rounds' own ratios with their lowest and highest, and the targets (POST vs GET, further
# sandboxes) for each build. The server's CPU per request and a process's CPU move far less with the
# machine's load than wall times: on a busy machine, read those.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
REF=${1:-main}
shift || true
export OUT=$ROOT/bench/target
export JAR=$ROOT/sandbox-standalone/target/banks-sandbox.jar
AB=$OUT/ab
export ROUNDS_DIR=$AB/rounds
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-5s}
WARMUP=${WARMUP:-40s}
WARMUP_MAX=${WARMUP_MAX:-90s}
ROUNDS=${ROUNDS:-4}
CYCLES=${CYCLES:-50}
PARTS=${*:-start requests first get post}
export JAVA_OPTS=${JAVA_OPTS:-}
SANDBOX_JAVA_OPTS=${SANDBOX_JAVA_OPTS:-}
WIREMOCK=$OUT/wiremock-standalone.jar
# NICE=-10 (root): everything measured at a higher CPU priority, as in bench/run.sh; both builds alike
if [ -n "${NICE:-}" ]; then renice -n "$NICE" -p $$ > /dev/null; fi
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
PORT=${PORT_AB:-$(free_port)} # every server of the run listens here in turn, one at a time
part() { [[ " $PARTS " == *" $1 "* ]]; }
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
install_wrk
mkdir -p "$AB"

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ] || [ ! -f "$WIREMOCK" ]; then
  log "building this worktree's jar and the bench module"
  mvn -B -q -Pbench package -DskipTests -Dinvoker.skip=true -Dmaven.javadoc.skip=true -pl sandbox-standalone,bench -am
fi
if [ -n "${BASELINE_JAR:-}" ]; then
  BASE=$(realpath "$BASELINE_JAR"); REF_NAME=$(basename "$BASE" .jar)
else
  SHA=$(git rev-parse --verify "$REF^{commit}")
  REF_NAME=$REF
  BASE=$AB/$SHA.jar
  if [ ! -f "$BASE" ]; then
    log "building $REF ($SHA) in a temporary worktree"
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/banks-sandbox-ab.XXXXXX")
    git worktree add -q --detach "$TMP/src" "$SHA"
    # offline when every dependency is already local; the reference's own build, with its own poms
    (cd "$TMP/src" && mvn -B -q package -DskipTests -Dinvoker.skip=true -Dmaven.javadoc.skip=true -pl sandbox-standalone -am) \
      || { git worktree remove --force "$TMP/src"; exit 1; }
    cp "$TMP/src/sandbox-standalone/target/banks-sandbox.jar" "$BASE"
    git worktree remove --force "$TMP/src"; rm -rf "$TMP"
  fi
fi
CHANGE_NAME=change
REF_KEY=reference
declare -A JARS=([$CHANGE_NAME]=$JAR [$REF_KEY]=$BASE)

log "the card body every peer serves"
card_body "$PORT"
peer_stubs
rm -rf "$ROUNDS_DIR"; mkdir -p "$ROUNDS_DIR"
spec() { local IFS=$'\t'; echo "$*"; }
# StartBench's medians of one round (one sample each) become that round's line in ROUNDS_DIR/KEY
keep_round() { while IFS='=' read -r key value; do echo "$value" >> "$ROUNDS_DIR/$key"; done; }
RUN_ID=$(date +%s)
P=/v0/cards/$CARD

for round in $(seq "$ROUNDS"); do
  case $(( (round - 1) % 4 )) in 1|2) ORDER="$REF_KEY $CHANGE_NAME" ;; *) ORDER="$CHANGE_NAME $REF_KEY" ;; esac
  log "round $round of $ROUNDS: $ORDER (load $(load_now))"
  if part start || part requests || part first; then
    {
      for side in $ORDER; do
        jar=${JARS[$side]}
        ! part start || spec http "$side" "$PORT" "$P" java $JAVA_OPTS $SANDBOX_JAVA_OPTS -jar "$jar" serve --port "$PORT"
        ! part requests || spec requests "requests_$side" "$PORT" "$ERA_PATH" java $JAVA_OPTS $SANDBOX_JAVA_OPTS \
          -jar "$jar" serve --port "$PORT"
        ! part first || spec embedded "first_$side" - - java $JAVA_OPTS -cp "$jar:$OUT/classes" \
          io.bankssandbox.internal.bench.FirstStart sandbox "$OUT/card.json" "$CYCLES"
      done
      ! part first || spec embedded first_wiremock - - java $JAVA_OPTS -cp "$WIREMOCK:$OUT/classes" \
        io.bankssandbox.internal.bench.FirstStart wiremock "$OUT/card.json" "$CYCLES"
    } > "$AB/round.spec"
    java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$AB/round.spec" 1 "$AB" | keep_round
  fi
  for workload in get post; do
    part "$workload" || continue
    for side in $ORDER; do
      if [ "$workload" = get ]; then path=$P script=; else path=/v0/cards script=$ROOT/bench/wrk/post-card.lua; fi
      ab_cmd() { sandbox_jar_cmd "${JARS[$side]}" "$1"; }
      throughput_sample "${side}_$workload" ab_cmd "$PORT" "$path" "$script" "$RUN_ID-$round"
    done
  done
done

{
  echo "# A/B: this worktree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', uncommitted changes')) against $REF_NAME"
  echo
  echo "$(date -u '+%d %b %Y %H:%M UTC'); load average $LOAD_BEFORE at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end; $ROUNDS rounds; parts: $PARTS;" \
    "wrk -t$THREADS -c$CONNECTIONS -d$DURATION after a warm-up of $WARMUP to $WARMUP_MAX; $CYCLES further sandboxes per JVM;" \
    "java $(java -version 2>&1 | head -1 | cut -d'"' -f2) JAVA_OPTS='$JAVA_OPTS' NICE='${NICE:-}'."
  echo
  java -cp "$OUT/classes" io.bankssandbox.internal.bench.ComparisonReport "$ROUNDS_DIR" "$CHANGE_NAME" "$REF_KEY"
} | tee "$AB/report.md"
