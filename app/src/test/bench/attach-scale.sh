#!/usr/bin/env bash
# Attach at scale (issue #26, docs/performance.md#attach-at-scale): a target of THREADS virtual threads that only yield
# on CARRIERS carriers (YieldStorm.java, millions of mount episodes a second), recorded
#  1. by the CLI: `attach PID --seconds SECONDS --save … --json` (episodes kept, dropped, bytes per episode saved);
#  2. by the window: `--attach PID --exit-after-run`, the target ended after SECONDS attached; the window's line gives
#     the session's counts and its frame figures while attached.
# The target prints its own episodes a second throughout ("target:" lines), agent or not.
# Usage (from anywhere; it builds what it needs): app/src/test/bench/attach-scale.sh [CARRIERS] [THREADS] [SECONDS] [SPIN]
# TARGET_CPUS / WINDOW_CPUS (taskset lists, e.g. 1 and 0) keep the target and LoomScope on CPUs of their own, as
# when the target runs on a machine of its own or on cores LoomScope does not need.
# COLD=1 starts the window with --no-warmup, HOST=auto|small|off passes --host (docs/host-policy.md).
# WINDOW_ONLY=1 skips the target alone and the CLI; WINDOW_OPTS adds JVM options to the window (e.g. -Xlog:gc).
# Needs a display for the window; without one it starts Xvfb :56 (apt-get install xvfb libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
CARRIERS=${1:-64} THREADS=${2:-400} SECONDS_ATTACHED=${3:-10} SPIN=${4:-0}
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
mvn -B -q package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
FX=$(tr ':' '\n' < app/target/bench-classpath.txt | grep -E "javafx-.*-(linux|mac|win)[^/]*\.jar|atlantafx" | paste -sd:)
CP=app/target/classes:$(tr ':' '\n' < app/target/bench-classpath.txt | grep -vE "openjfx|atlantafx|junit|testfx|archunit|jmh" | paste -sd:)
WORK=$(mktemp -d /tmp/loomscope-attach-scale.XXXXXX)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; [ -n "${KEEP:-}" ] || rm -rf "$WORK"; }
trap cleanup EXIT

# starts the target with its stdin on a fifo (closing fd 3 ends it); sets TARGET
start_target() {
  local name=$1
  mkfifo "$WORK/$name.in"
  ${TARGET_CPUS:+taskset -c $TARGET_CPUS} "$JAVA" -Djdk.virtualThreadScheduler.parallelism="$CARRIERS" -Xmx256m app/src/test/bench/YieldStorm.java "$THREADS" "$SPIN" \
    < "$WORK/$name.in" > "$WORK/$name.out" 2> "$WORK/$name.err" &
  TARGET=$!; PIDS+=("$TARGET")
  exec 3> "$WORK/$name.in"
  until grep -q READY "$WORK/$name.out" 2>/dev/null; do
    kill -0 "$TARGET" 2>/dev/null || { echo "the target ended before READY: $(cat "$WORK/$name.err")" >&2; exit 1; }
    sleep 0.2
  done
}

if [ -z "${WINDOW_ONLY:-}" ]; then
echo "== without the agent: the target's own rate (5 s)"
start_target bare
sleep 5; exec 3>&-; wait "$TARGET" || true
sed 's/^/target: /' "$WORK/bare.out" | grep EPISODES

echo "== CLI: attach --seconds $SECONDS_ATTACHED --save --json"
start_target cli
${WINDOW_CPUS:+taskset -c $WINDOW_CPUS} "$JAVA" -jar core/target/loomscope.jar attach "$TARGET" --seconds "$SECONDS_ATTACHED" --save "$WORK/scale.loomrun" 3>&- \
  | sed 's/^/cli: /'
${WINDOW_CPUS:+taskset -c $WINDOW_CPUS} "$JAVA" -jar core/target/loomscope.jar attach "$TARGET" --seconds "$SECONDS_ATTACHED" --json 3>&- | sed 's/^/cli json: /'
exec 3>&-; wait "$TARGET" || true
sed 's/^/target: /' "$WORK/cli.out" | grep EPISODES | tr '\n' ' '; echo
fi

echo "== window: --attach, the target ended after $SECONDS_ATTACHED s attached"
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :56 -screen 0 1920x1080x24 >/dev/null 2>&1 & PIDS+=($!); export DISPLAY=:56; sleep 1
fi
start_target window
${WINDOW_CPUS:+taskset -c $WINDOW_CPUS} "$JAVA" -Xms512m -Xmn64m ${WINDOW_OPTS:-} --add-opens java.base/java.lang=ALL-UNNAMED --enable-native-access=ALL-UNNAMED,javafx.graphics \
  -Djava.util.prefs.userRoot="$PWD/app/target/bench-prefs" -Dloomscope.agent.jar="$PWD/agent/target/loomscope-agent.jar" \
  --module-path "$FX" --add-modules javafx.controls,javafx.swing,atlantafx.base -cp "$CP" \
  loomscope.ui.app.LoomScopeApp --attach="$TARGET" --exit-after-run ${HOST:+--host=$HOST} ${COLD:+--no-warmup} \
  > "$WORK/window.log" 2>&1 3>&- &
WINDOW=$!; PIDS+=("$WINDOW")
until grep -qs "^attach: Attached to" "$WORK/window.log" || ! kill -0 "$WINDOW" 2>/dev/null; do sleep 0.2; done
sleep "$SECONDS_ATTACHED"; exec 3>&-
wait "$WINDOW" || echo "window exit: $?"
grep -E "^attach: |^loomscope" "$WORK/window.log" | sed 's/^/window: /'
sed 's/^/target: /' "$WORK/window.out" | grep EPISODES | tr '\n' ' '; echo
