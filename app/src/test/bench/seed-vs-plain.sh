#!/usr/bin/env bash
# LoomScope's seed run against the seeds' experiment as a plain program (PlainSeed.java, compiled here once), each in a
# fresh JVM, alternated PAIRS times: `run --lock synchronized --parallelism 1 --threads 5000 --probes none` against
# `java -Djdk.virtualThreadScheduler.parallelism=1 PlainSeed`. One line a pair, then the medians and their ratio
# (issue #37's goal: LoomScope at 1.03x the plain program or less). Each program times itself from its first thread's
# start to its last one's end. Extra arguments go to LoomScope's java (e.g. -XX:AOTCache=FILE).
# Usage (after `mvn -B package -DskipTests`): app/src/test/bench/seed-vs-plain.sh [PAIRS] [HOGS] [java options...]
set -uo pipefail
cd "$(dirname "$0")/../../../.."
PAIRS=${1:-10}
HOGS=${2:-0}
shift $(( $# < 2 ? $# : 2 ))
JAVA_OPTS=("$@")
[[ $PAIRS =~ ^[1-9][0-9]{0,2}$ ]] || { echo "PAIRS must be a whole number from 1 to 999: $PAIRS" >&2; exit 2; }
[[ $HOGS =~ ^[0-9]{1,3}$ ]] || { echo "HOGS must be a whole number from 0 to 999: $HOGS" >&2; exit 2; }
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }
JAR=core/target/loomscope.jar
[ -f "$JAR" ] || { echo "no $JAR: mvn -B package -DskipTests first" >&2; exit 2; }
OUT=$(mktemp -d)
HOG=""
trap 'kill $HOG 2>/dev/null; rm -rf "$OUT"' EXIT
trap 'exit 130' INT TERM
"$(dirname "$JAVA")/javac" -d "$OUT" app/src/test/bench/PlainSeed.java || exit 1
if [ "$HOGS" -gt 0 ]; then
  "$JAVA" core/src/test/java/loomscope/testing/CpuHogs.java "$HOGS" 86400 & HOG=$!
  sleep 2
fi

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

: > "$OUT/plain.txt"
: > "$OUT/ours.txt"
for i in $(seq 1 "$PAIRS"); do
  plain=$("$JAVA" -Djdk.virtualThreadScheduler.parallelism=1 -cp "$OUT" PlainSeed | sed -n 's/^plain seed: \([0-9.]*\) ms$/\1/p')
  ours=$("$JAVA" "${JAVA_OPTS[@]}" -jar "$JAR" run --lock synchronized --parallelism 1 --threads 5000 --probes none --json \
         | grep -o '"wallMillis":[0-9.]*' | head -1 | cut -d: -f2)
  [ -n "$plain" ] && [ -n "$ours" ] || { echo "pair $i: a run printed no time (plain '$plain', LoomScope '$ours')" >&2; exit 1; }
  echo "$plain" >> "$OUT/plain.txt"
  echo "$ours" >> "$OUT/ours.txt"
  printf '%2d  plain %8.1f ms  LoomScope %8.1f ms  %.3fx\n' "$i" "$plain" "$ours" "$(echo "$ours / $plain" | bc -l)"
done
p=$(median < "$OUT/plain.txt")
o=$(median < "$OUT/ours.txt")
printf 'medians of %d pairs: plain %.1f ms, LoomScope %.1f ms: %.3fx\n' "$PAIRS" "$p" "$o" "$(echo "$o / $p" | bc -l)"
