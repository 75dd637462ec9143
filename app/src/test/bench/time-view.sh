#!/usr/bin/env bash
# Issue #46's frame-time benchmark: each FILE (a saved run: a .loomrun, or the agent's save= file) opened in a
# 1920x1080 RecordingView, zoomed from the whole to 1 ms and back and panned, a step a frame; one pass warms up, the
# next is measured (loomscope.ui.recordingview.TimeViewBench prints frame p50/p95/max, drawing time, heap, peak RSS).
# Usage (from anywhere; it builds what it needs; MVN_ARGS for e.g. -o -Dmaven.repo.local=...):
#   app/src/test/bench/time-view.sh FILE...
# The window gets the JVM options of `mvn javafx:run` (as app-vs-cli.sh). Needs a display; without one it starts
# Xvfb :56 at 1920x1080 (apt-get install xvfb libgtk-3-0).
set -euo pipefail
FILES=()
for f in "$@"; do FILES+=("$(realpath "$f")"); done
cd "$(dirname "$0")/../../../.."
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
mvn -B -q ${MVN_ARGS:-} -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
FX=$(tr ':' '\n' < app/target/bench-classpath.txt | grep -E "javafx-.*-(linux|mac|win)[^/]*\.jar|atlantafx" | paste -sd:)
CP=app/target/test-classes:app/target/classes:$(tr ':' '\n' < app/target/bench-classpath.txt | grep -vE "openjfx|atlantafx|junit|testfx|archunit|jmh" | paste -sd:)
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :56 -screen 0 1920x1080x24 >/dev/null 2>&1 & XVFB=$!; trap 'kill $XVFB 2>/dev/null || true' EXIT; export DISPLAY=:56; sleep 1
fi
for f in "${FILES[@]}"; do
  "$JAVA" -Xms512m -Xmn64m --add-opens java.base/java.lang=ALL-UNNAMED --enable-native-access=ALL-UNNAMED,javafx.graphics \
    --module-path "$FX" --add-modules javafx.controls,javafx.swing,atlantafx.base -cp "$CP" \
    loomscope.ui.recordingview.TimeViewBench "$f" 2>&1 | grep -vE "^WARNING|^Nov|^[A-Z][a-z]{2} [0-9]"
done
