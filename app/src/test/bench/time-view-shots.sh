#!/usr/bin/env bash
# Issue #46's pictures: the attach window zoomed to 400 ms of issue #44's server (AttachScreens), a pinned mount
# selected, the overview strip under the lanes; taken with ImageMagick's `import` on an Xvfb screen of WIDTHxHEIGHT.
# Usage: app/src/test/bench/time-view-shots.sh OUT.png [WIDTH] [HEIGHT] [DISPLAY_NUMBER]   (after time-view.sh built)
set -euo pipefail
OUT=$(realpath -m "$1") W=${2:-1920} H=${3:-1080} D=${4:-57}
cd "$(dirname "$0")/../../../.."
JAVA=${JAVA:-$(ls -d /usr/lib/jvm/*25*/bin/java 2>/dev/null | head -1)}
FX=$(tr ':' '\n' < app/target/bench-classpath.txt | grep -E "javafx-.*-(linux|mac|win)[^/]*\.jar|atlantafx" | paste -sd:)
CP=$PWD/app/target/test-classes:$PWD/app/target/classes:$PWD/core/target/test-classes:$(tr ':' '\n' < app/target/bench-classpath.txt | grep -vE "openjfx|atlantafx" | paste -sd:)
Xvfb :$D -screen 0 ${W}x${H}x24 >/dev/null 2>&1 & XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
export DISPLAY=:$D
sleep 1
cd app   # the server's source is found from here, as in the tests
"$JAVA" --add-opens java.base/java.lang=ALL-UNNAMED --enable-native-access=ALL-UNNAMED,javafx.graphics \
  --module-path "$FX" --add-modules javafx.controls,javafx.swing,atlantafx.base -cp "$CP" \
  loomscope.ui.attach.AttachScreens 2>"${OUT%.png}.err" | while read -r line; do
    if [ "$line" = SHOT ]; then import -window root "$OUT"; echo "$OUT"; fi
  done
