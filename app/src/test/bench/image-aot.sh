#!/usr/bin/env bash
# The app image's AOT caches (issue #37), measured: the image as built, and a copy of it without the caches, alternated
# PAIRS times, each run in a fresh JVM: the seed from the CLI launcher (`run --lock synchronized --parallelism 1
# --threads 5000 --probes none --json`: its wall time over its unpinned bound) and the window's first frame
# (`loomscope --no-warmup --autorun --exit-after-run` under Xvfb: "first frame X s after the JVM started").
# One line a pair, then the medians. Needs the image (`mvn -B -Pdist package`) and xvfb-run; Linux.
# Usage: app/src/test/bench/image-aot.sh [PAIRS]
set -uo pipefail
cd "$(dirname "$0")/../../../.."
PAIRS=${1:-5}
[[ $PAIRS =~ ^[1-9][0-9]{0,2}$ ]] || { echo "PAIRS must be a whole number from 1 to 999: $PAIRS" >&2; exit 2; }
IMAGE=app/target/dist/loomscope
[ -x "$IMAGE/bin/loomscope-cli" ] || { echo "no image at $IMAGE: mvn -B -Pdist package first" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "needs xvfb-run (apt-get install xvfb)" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
trap 'exit 130' INT TERM
cp -a "$IMAGE" "$OUT/without"
sed -i '/AOTCache\|-Xlog:all=/d' "$OUT"/without/lib/app/*.cfg
rm -f "$OUT"/without/lib/app/*.aot

seed() {   # the seed's wall time over its bound, from the CLI launcher of image $1
  "$1/bin/loomscope-cli" run --lock synchronized --parallelism 1 --threads 5000 --probes none --json 2>/dev/null \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.3f" % (d["wallMillis"] / d["boundUnpinnedMillis"]))'
}
frame() {  # seconds from the JVM's start to the window's first frame, image $1
  xvfb-run -a -s "-screen 0 1920x1080x24" "$1/bin/loomscope" --no-warmup --autorun --exit-after-run 2>&1 \
    | sed -n 's/.*first frame \([0-9.]*\) s after the JVM started.*/\1/p' | head -1
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for i in $(seq 1 "$PAIRS"); do
  s1=$(seed "$IMAGE"); s0=$(seed "$OUT/without"); f1=$(frame "$IMAGE"); f0=$(frame "$OUT/without")
  echo "$s1" >> "$OUT/s1"; echo "$s0" >> "$OUT/s0"; echo "$f1" >> "$OUT/f1"; echo "$f0" >> "$OUT/f0"
  printf '%2d  seed/bound: with cache %s, without %s   first frame: with cache %s s, without %s s\n' "$i" "$s1" "$s0" "$f1" "$f0"
done
printf 'medians of %d pairs: seed/bound with cache %s, without %s; first frame with cache %s s, without %s s\n' "$PAIRS" \
  "$(median < "$OUT/s1")" "$(median < "$OUT/s0")" "$(median < "$OUT/f1")" "$(median < "$OUT/f0")"
