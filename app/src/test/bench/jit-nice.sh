#!/usr/bin/env bash
# Does the window's lowering of the JIT's compiler threads to nice 19 (HostPolicy.lowersJit, after its warm-up) make a
# carrier wait longer on the JIT? The same run in fresh JVMs, alternately with the compiler threads at nice 19 (set from
# outside within milliseconds of the JVM's start, new ones as they appear) and at their normal priority, beside HOGS
# busy threads at normal priority (what lowers a nice-19 thread's share). One line a run: wall time, unsure, stalled,
# captured and pinned mounts from `run --json`.
# Usage (after `mvn -B package -DskipTests`): app/src/test/bench/jit-nice.sh [PAIRS] [HOGS] [run options...]
# Linux only (renice by thread id). Default run: --scenario class-loader --threads 2000 --parallelism 2.
set -uo pipefail
cd "$(dirname "$0")/../../../.."
PAIRS=${1:-8}
HOGS=${2:-2}
shift $(( $# < 2 ? $# : 2 ))
RUN=("$@")
[ ${#RUN[@]} -eq 0 ] && RUN=(--scenario class-loader --threads 2000 --parallelism 2)
[[ $PAIRS =~ ^[1-9][0-9]{0,2}$ ]] || { echo "PAIRS must be a whole number from 1 to 999: $PAIRS" >&2; exit 2; }
[[ $HOGS =~ ^[0-9]{1,3}$ ]] || { echo "HOGS must be a whole number from 0 to 999: $HOGS" >&2; exit 2; }
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
JAR=core/target/loomscope.jar
[ -f "$JAR" ] || { echo "no $JAR: mvn -B package -DskipTests first" >&2; exit 2; }
OUT=$(mktemp -d)
HOG=""
if [ "$HOGS" -gt 0 ]; then
  "$JAVA" core/src/test/java/loomscope/testing/CpuHogs.java "$HOGS" 86400 & HOG=$!
fi
trap 'kill $HOG 2>/dev/null; rm -rf "$OUT"' EXIT
trap 'exit 130' INT TERM
sleep 2

# Keeps the compiler threads of $1 at nice 19 until it ends.
lower_jit() {
  local pid=$1
  while kill -0 "$pid" 2>/dev/null; do
    for task in /proc/"$pid"/task/*; do
      case "$(cat "$task/comm" 2>/dev/null)" in
        C1\ CompilerThre*|C2\ CompilerThre*) renice -n 19 -p "${task##*/}" >/dev/null 2>&1 ;;
      esac
    done
    sleep 0.005
  done
}

field() { grep -o "\"$1\":[0-9.]*" "$2" | head -1 | cut -d: -f2; }

for i in $(seq 1 "$PAIRS"); do
  for mode in normal nice19; do
    "$JAVA" -jar "$JAR" run "${RUN[@]}" --json > "$OUT/run.json" 2>"$OUT/run.err" &
    pid=$!
    [ "$mode" = nice19 ] && lower_jit "$pid" &
    wait "$pid"
    printf '%2d %-7s wall %8s ms  unsure %5s  stalled %5s  captured %5s  pinned %5s\n' "$i" "$mode" \
      "$(field wallMillis "$OUT/run.json")" "$(field unsureMounts "$OUT/run.json")" "$(field stalledMounts "$OUT/run.json")" \
      "$(field capturedMounts "$OUT/run.json")" "$(field pinnedMounts "$OUT/run.json")"
  done
done
