#!/usr/bin/env bash
# The scheduling-sensitive test classes, each RUNS times beside HOGS busy threads (loomscope.testing.CpuHogs, in a
# JVM of its own): one line per round, then each class's pass count. A failed round's Maven output and failed
# classes' surefire reports are kept in target/under-load/.
# Usage (after one `mvn -B test-compile`; Maven runs offline): app/src/test/bench/under-load.sh [RUNS] [HOGS] [CLASS...]
# Linux or macOS; needs LOOMSCOPE_JDK21 for the cross-JDK classes, as the suite does.
set -uo pipefail
cd "$(dirname "$0")/../../../.."
RUNS=${1:-10}
HOGS=${2:-2}
shift $(( $# < 2 ? $# : 2 ))
CLASSES=("$@")
if [ ${#CLASSES[@]} -eq 0 ]; then
  CLASSES=(PinnedRulesAgreeTest CompareViewTest CrossJdkPinningTest ScenarioFactsTest YourCodeWindowTest
           ScenariosInChildTest ScenariosTest PinningTest CancelTest ChildFaultsTest MainWindowTest)
fi
[[ $RUNS =~ ^[1-9][0-9]{0,2}$ ]] || { echo "RUNS must be a whole number from 1 to 999: $RUNS" >&2; exit 2; }
[[ $HOGS =~ ^[0-9]{1,3}$ ]] && [ "$HOGS" -le 256 ] || { echo "HOGS must be a whole number from 0 to 256: $HOGS" >&2; exit 2; }
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
[ -x "$JAVA" ] || { echo "set JAVA to a JDK 25 java" >&2; exit 2; }

LOGS=target/under-load
mkdir -p "$LOGS"
HOG=""
if [ "$HOGS" -gt 0 ]; then
  # at most a day: an interrupted loop leaves nothing spinning for long; the trap ends it sooner
  "$JAVA" core/src/test/java/loomscope/testing/CpuHogs.java "$HOGS" 86400 & HOG=$!
  trap 'kill "$HOG" 2>/dev/null' EXIT
  trap 'exit 130' INT TERM
fi

# One Maven run a round with every class in it: Maven's and the JVM's start-up are paid once a round, and the
# classes share one long-lived test JVM, as in the full suite. Each class's verdict is its surefire report's.
declare -A PASSED
for class in "${CLASSES[@]}"; do PASSED[$class]=0; done
REPORTS="core/target/surefire-reports app/target/surefire-reports"
for run in $(seq 1 "$RUNS"); do
  log="$LOGS/run-$run.log"
  start=$(date +%s)
  for dir in $REPORTS; do rm -f "$dir"/*.txt; done
  mvn -B -o test -Dtest="$(IFS=,; echo "${CLASSES[*]}")" -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1
  failed=()
  for class in "${CLASSES[@]}"; do
    report=$(for dir in $REPORTS; do ls "$dir"/*."$class".txt 2>/dev/null; done | head -1)
    if [ -n "$report" ] && grep -q "Failures: 0, Errors: 0" "$report"; then
      PASSED[$class]=$(( ${PASSED[$class]} + 1 ))
    else
      failed+=("$class")
      [ -n "$report" ] && cp "$report" "$LOGS/run-$run-$class.txt"
    fi
  done
  if [ ${#failed[@]} -eq 0 ]; then
    rm -f "$log"
    echo "run $run of $RUNS beside $HOGS hogs: all ${#CLASSES[@]} classes passed, $(( $(date +%s) - start )) s"
  else
    echo "run $run of $RUNS beside $HOGS hogs: FAILED ${failed[*]} (see $LOGS/run-$run*), $(( $(date +%s) - start )) s"
  fi
done
echo
for class in "${CLASSES[@]}"; do
  echo "$class: ${PASSED[$class]} of $RUNS passed beside $HOGS CPU hogs"
done
