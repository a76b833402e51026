#!/usr/bin/env bash
# bench/parts/60-npx.sh: `npx banks-sandbox serve` on the bundled runtime (@banks-sandbox/runtime-linux-x64:
# jlink + the class-data archive made at build time) to its first 200, side by side with WireMock's plain
# `java -jar` in one run (StartBench: fresh processes, rotated order, medians). The packages are installed
# from sandbox-js's packed tarballs into an empty folder, and npx runs with no java on its PATH and no
# JAVA_HOME, as a frontend developer without a JDK runs it. Linux x64 only, skipped elsewhere.
set -euo pipefail
RESULTS=${1:?usage: $0 RESULTS}
ROOT=${ROOT:-$PWD}
OUT=${OUT:-$ROOT/bench/target}
STARTS=${STARTS:-5}
PORT_NPX=${PORT_NPX:-19088}
PORT_WIREMOCK=${PORT_WIREMOCK_NPX:-19089}
WIREMOCK=$OUT/wiremock-standalone.jar
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "npx start: skipped (the bundled runtime is Linux x64's)" >&2; exit 0; }
VERSION=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$ROOT/sandbox-js/package.json")
PACKAGE=$ROOT/sandbox-js/banks-sandbox-$VERSION.tgz
RUNTIME=$ROOT/sandbox-js/banks-sandbox-runtime-linux-x64-$VERSION.tgz
if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$PACKAGE" ] || [ ! -f "$RUNTIME" ]; then
  mvn -B -q package -DskipTests -Dinvoker.skip=true -pl sandbox-js -am
fi
APP=$OUT/npx-app
rm -rf "$APP" && mkdir -p "$APP/bin"
echo '{ "name": "bench-frontend-app", "private": true }' > "$APP/package.json"
(cd "$APP" && npm install --prefer-offline --no-audit --no-fund "$PACKAGE" "$RUNTIME" > /dev/null)
# a PATH with node, npx and a shell's tools only: no JDK anywhere
for tool in node npx sh setsid sleep; do ln -s "$(readlink -f "$(command -v "$tool")")" "$APP/bin/$tool"; done
# StartBench stops a variant with SIGTERM and starts the next at once, on the same port every other round:
# npx in a process group of its own, and a stop that ends the whole group (npx, the launcher, the JVM) and
# waits until it is gone, so no JVM of one sample still holds the port when the next starts
SERVE="cd $APP; setsid npx banks-sandbox serve --port $PORT_NPX & group=\$!
trap 'kill -TERM -\$group 2>/dev/null; while kill -0 -\$group 2>/dev/null; do sleep 0.02; done; exit 0' TERM
wait \$group"
printf '\n== %s\n' "npx banks-sandbox (bundled runtime, no JDK) vs WireMock's java -jar: start to first 200, $STARTS rounds" >&2
P=/v0/cards/card_0000006ffif7l9i19ra5
TAB=$'\t'
{
  echo "http${TAB}npx${TAB}$PORT_NPX${TAB}$P${TAB}env${TAB}-i${TAB}PATH=$APP/bin${TAB}HOME=${HOME:-/root}${TAB}sh${TAB}-c${TAB}${SERVE//$'\n'/; }"
  # the same launcher without npx in front (node_modules/.bin/banks-sandbox): what npx itself costs
  echo "http${TAB}npx_direct${TAB}$PORT_NPX${TAB}$P${TAB}env${TAB}-i${TAB}PATH=$APP/bin${TAB}HOME=${HOME:-/root}${TAB}sh${TAB}-c${TAB}${SERVE//$'\n'/; }" \
    | sed 's|setsid npx banks-sandbox|setsid node_modules/.bin/banks-sandbox|'
  echo "http${TAB}wiremock_npx${TAB}$PORT_WIREMOCK${TAB}$P${TAB}java${TAB}-jar${TAB}$WIREMOCK${TAB}--port${TAB}$PORT_WIREMOCK${TAB}--root-dir${TAB}$OUT/wiremock-root${TAB}--disable-banner"
} > "$OUT/npx.spec"
java -cp "$OUT/classes" io.bankssandbox.internal.bench.StartBench "$OUT/npx.spec" "$STARTS" "$OUT" | tee -a "$RESULTS" >&2
echo "load_npx=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS"
