#!/usr/bin/env bash
# The machine's floor for frame times: a plain JavaFX window (FxBesideBusyThreads, no LoomScope code) beside
# 0, 2 and 16 busy threads at nice 19, 16 at SCHED_IDLE, and 16 at nice 19 that yield every ~0.2 ms, REPEATS
# times each, one line per window.
# Usage (from anywhere; it builds what it needs): app/src/test/bench/fx-beside-busy-threads.sh [REPEATS] [SECONDS]
# Needs a display; without one it starts Xvfb :55 (apt-get install xvfb libgtk-3-0). Linux only.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
REPEATS=${1:-3} SECONDS_MEASURED=${2:-5}
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
# the app module's class path (the core jar and the libraries), from a build of both modules
mvn -B -q package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
FX=$(tr ':' '\n' < app/target/bench-classpath.txt | grep -E "javafx-(base|graphics|controls)-.*-(linux|mac|win)[^/]*\.jar" | paste -sd:)
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :55 -screen 0 1920x1080x24 >/dev/null 2>&1 & XVFB=$!; trap 'kill $XVFB 2>/dev/null || true' EXIT; export DISPLAY=:55; sleep 1
fi
for setting in "0 false false" "2 false false" "16 false false" "16 true false" "16 false true"; do
  set -- $setting
  for r in $(seq 1 "$REPEATS"); do
    "$JAVA" --module-path "$FX" --add-modules javafx.controls -Dbusy="$1" -Didle="$2" -Dyield="$3" \
      -Dseconds="$SECONDS_MEASURED" app/src/test/bench/FxBesideBusyThreads.java 2>/dev/null | grep -E "^busy=" \
      || echo "busy=$1 idle=$2 yield=$3: the window printed no figures (run it by hand to see why)"
  done
done
