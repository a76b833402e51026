#!/usr/bin/env bash
# bench/parts/80-image.sh: the container image (sandbox-standalone/target/banks-sandbox-image.tar) under
# podman: its size as `podman image inspect` reports it, and `podman run -p` to the first 200 through the
# published port, side by side with the same jar's own `java -jar` on this machine's JDK in one run
# (StartBench: fresh processes, rotated order, medians). Skipped without podman or without the image.
set -euo pipefail
RESULTS=${1:?usage: $0 RESULTS}
ROOT=${ROOT:-$PWD}
OUT=${OUT:-$ROOT/bench/target}
JAR=${JAR:-$ROOT/sandbox-standalone/target/banks-sandbox.jar}
STARTS=${STARTS:-5}
PORT_IMAGE=${PORT_IMAGE:-19090}
PORT_JAR=${PORT_JAR_IMAGE:-19091}
TAR=$ROOT/sandbox-standalone/target/banks-sandbox-image.tar
command -v podman >/dev/null 2>&1 || { echo "image: skipped (no podman)" >&2; exit 0; }
[ -f "$TAR" ] || { echo "image: skipped (no $TAR: the build skips it where it cannot make it)" >&2; exit 0; }
# run by id (the digest of its configuration), so another checkout loading the same tag cannot swap it
podman load -q -i "$TAR" > /dev/null
IMAGE=$(tar -xOf "$TAR" config.json | sha256sum | cut -d' ' -f1)
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
{ echo "image_size_bytes=$size"; echo "image_size_mb=$(awk "BEGIN { printf \"%.1f\", $size / 1e6 }")"; } | tee -a "$RESULTS" >&2
printf '\n== %s\n' "the image under podman vs the jar's own java -jar: start to first 200, $STARTS rounds" >&2
P=/v0/cards/card_0000006ffif7l9i19ra5
TAB=$'\t'
{
  # podman run in the foreground forwards StartBench's SIGTERM to the container, which --rm then removes
  echo "http${TAB}image${TAB}$PORT_IMAGE${TAB}$P${TAB}podman${TAB}run${TAB}--rm${TAB}-p${TAB}127.0.0.1:$PORT_IMAGE:8080${TAB}$IMAGE"
  echo "http${TAB}jar_image${TAB}$PORT_JAR${TAB}$P${TAB}java${TAB}-jar${TAB}$JAR${TAB}serve${TAB}--port${TAB}$PORT_JAR"
} > "$OUT/image.spec"
java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$OUT/image.spec" "$STARTS" "$OUT" | tee -a "$RESULTS" >&2
echo "load_image=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS"
