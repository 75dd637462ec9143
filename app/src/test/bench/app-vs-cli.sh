#!/usr/bin/env bash
# The window against the CLI, side by side: WINDOWS windows that each run the workload RUNS times in a row
# (--autorun=RUNS --exit-after-run, printing one "run #k ... Total execution time" line per run with the
# frame figures), each followed by RUNS runs of the CLI jar. Usage (from anywhere; it builds what it needs):
#   app/src/test/bench/app-vs-cli.sh [LOCK] [P] [RUNS] [WINDOWS]      e.g. synchronized 1 8 2
# The windows warm up first, as they do at launch on a small machine (WindowWarmUp); COLD=1 starts them with
# --no-warmup; HOST=auto|small|off passes --host (docs/host-policy.md).
# The windows get the JVM options of `mvn javafx:run` (pom.xml, javafx-maven-plugin's <options>).
# Needs a display; without one it starts Xvfb :55 (apt-get install xvfb libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
LOCK=${1:-synchronized} P=${2:-1} RUNS=${3:-8} WINDOWS=${4:-2}
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
# the app module's class path (the core jar and the libraries), from a build of both modules
mvn -B -q package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
FX=$(tr ':' '\n' < app/target/bench-classpath.txt | grep -E "javafx-.*-(linux|mac|win)[^/]*\.jar|atlantafx" | paste -sd:)
CP=app/target/classes:$(tr ':' '\n' < app/target/bench-classpath.txt | grep -vE "openjfx|atlantafx|junit|testfx|archunit|jmh" | paste -sd:)
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :55 -screen 0 1920x1080x24 >/dev/null 2>&1 & XVFB=$!; trap 'kill $XVFB 2>/dev/null || true' EXIT; export DISPLAY=:55; sleep 1
fi
for w in $(seq 1 "$WINDOWS"); do
  "$JAVA" -Xms512m -Xmn64m --add-opens java.base/java.lang=ALL-UNNAMED --enable-native-access=ALL-UNNAMED,javafx.graphics \
    -Djava.util.prefs.userRoot="$PWD/app/target/bench-prefs" --module-path "$FX" \
    --add-modules javafx.controls,javafx.swing,atlantafx.base -cp "$CP" loomscope.ui.app.LoomScopeApp \
    --lock="$LOCK" --parallelism="$P" --threads=5000 --autorun="$RUNS" --exit-after-run ${COLD:+--no-warmup} ${HOST:+--host=$HOST} 2>/dev/null \
    | grep -E "^run #" | sed "s/^/APP window $w /"
  for r in $(seq 1 "$RUNS"); do
    "$JAVA" -jar core/target/loomscope.jar run --lock "$LOCK" --parallelism "$P" | grep "Total execution" | sed 's/^/CLI /'
  done
done
