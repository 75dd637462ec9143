#!/usr/bin/env bash
# The seed's run with one build's CLI jar against another's, alternated, each in a fresh JVM: one line a pair with
# both wall times (run --json's wallMillis) and their ratio, then the medians.
# Usage: app/src/test/bench/seed-pairs.sh BEFORE.jar AFTER.jar [PAIRS] [run's options...]
#   e.g. (build the older commit's core/target/loomscope.jar in a git worktree first)
#   app/src/test/bench/seed-pairs.sh ../old/core/target/loomscope.jar core/target/loomscope.jar 8 --probes none
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE.jar AFTER.jar [PAIRS] [run options...]" >&2; exit 2; }
BEFORE=$1
AFTER=$2
PAIRS=${3:-8}
shift $(( $# < 3 ? $# : 3 ))
[[ $PAIRS =~ ^[1-9][0-9]{0,2}$ ]] || { echo "PAIRS must be a whole number from 1 to 999: $PAIRS" >&2; exit 2; }
for jar in "$BEFORE" "$AFTER"; do
  [ -f "$jar" ] || { echo "no such jar: $jar" >&2; exit 2; }
done
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
FLAGS=(--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED
       --enable-native-access=ALL-UNNAMED)
wall() {
  "$JAVA" "${FLAGS[@]}" -jar "$1" run "${@:2}" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["wallMillis"])'
}
for _ in $(seq 1 "$PAIRS"); do
  echo "$(wall "$BEFORE" "$@") $(wall "$AFTER" "$@")"
done | python3 -c '
import statistics, sys
rows = [tuple(map(float, line.split())) for line in sys.stdin if line.strip()]
for before, after in rows:
    print(f"before {before:9.1f} ms  after {after:9.1f} ms  ratio {after / before:.3f}")
b = statistics.median(r[0] for r in rows)
a = statistics.median(r[1] for r in rows)
print(f"median before {b:.1f} ms, after {a:.1f} ms; ratio of medians {a / b:.3f}; median of ratios "
      f"{statistics.median(r[1] / r[0] for r in rows):.3f}")'
