#!/usr/bin/env bash
# rng-report: streams the RNG's output through dieharder and ent and writes
# the dated report that a test lab reads. Run it through `make rng-report`.
#
#   raw      dieharder -a -g 200 (stdin, raw: never rewinds a file; the
#            generator streams as much as the battery asks for, hundreds of
#            GB) and ent over RNG_REPORT_BYTES bytes (1 GiB)
#   shuffle  bytes extracted from 52-card shuffles (about a third of the raw
#            rate): the Diehard tests of dieharder (RNG_REPORT_SHUFFLE_TESTS,
#            -d 0..16 without 14, diehard_sums, which dieharder rates "Do
#            Not Use"; the full -a battery would take most of a day at this
#            rate on two cores) and ent over RNG_REPORT_BYTES bytes
#
# The two dieharder runs go in parallel (one core each). The script exits
# non-zero if any dieharder test reports FAILED.
set -euo pipefail
cd "$(dirname "$0")/../.."

BYTES=${RNG_REPORT_BYTES:-1073741824}
DATE=${RNG_REPORT_DATE:-$(date -u +%Y-%m-%d)}
OUT=${RNG_REPORT_OUT:-docs/rng-report-$DATE.txt}
BIN=${BIN:-$PWD/bin}
SHUFFLE_TESTS=${RNG_REPORT_SHUFFLE_TESTS:-0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 16}
WORK=$(mktemp -d /tmp/rng-report.XXXXXX)

need=()
command -v dieharder >/dev/null || need+=(dieharder)
command -v ent >/dev/null || need+=(ent)
if [ ${#need[@]} -gt 0 ]; then
  echo "rng-report: installing ${need[*]} with apt-get"
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi

mkdir -p "$BIN"
go build -o "$BIN/rngstream" ./tools/rngstream
RNGSTREAM="$BIN/rngstream"

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- services/rng tools/rngstream 2>/dev/null)" ]; then
  commit="$commit (with uncommitted changes in services/rng or tools/rngstream)"
fi
t0=$(date +%s)
run_dieharder_raw() {
  { "$RNGSTREAM" -mode raw -count-file "$WORK/raw.count" 2>/dev/null || true; } |
    dieharder -a -g 200 >"$WORK/dieharder-raw.txt" 2>&1
  echo $(( $(date +%s) - t0 )) >"$WORK/dieharder-raw.seconds"
}
run_dieharder_shuffle() {
  local total=0 d
  : >"$WORK/dieharder-shuffle.txt"
  for d in $SHUFFLE_TESTS; do
    { "$RNGSTREAM" -mode shuffle -count-file "$WORK/shuffle-$d.count" 2>/dev/null || true; } |
      dieharder -d "$d" -g 200 >>"$WORK/dieharder-shuffle.txt" 2>&1
    total=$(( total + $(sed -n 's/.*bytes=\([0-9]*\).*/\1/p' "$WORK/shuffle-$d.count") ))
  done
  echo "rngstream: mode=shuffle bytes=$total" >"$WORK/shuffle.count"
  echo $(( $(date +%s) - t0 )) >"$WORK/dieharder-shuffle.seconds"
}
echo "rng-report: dieharder on the raw (-a) and shuffle-derived (-d $SHUFFLE_TESTS) streams (this takes hours); work dir $WORK"
run_dieharder_raw &
pid_raw=$!
run_dieharder_shuffle &
pid_shuffle=$!
wait $pid_raw $pid_shuffle

echo "rng-report: ent over $BYTES bytes of each stream"
"$RNGSTREAM" -mode raw -bytes "$BYTES" -count-file "$WORK/ent-raw.count" 2>/dev/null | ent >"$WORK/ent-raw.txt"
"$RNGSTREAM" -mode shuffle -bytes "$BYTES" -count-file "$WORK/ent-shuffle.count" 2>/dev/null | ent >"$WORK/ent-shuffle.txt"
finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)

verdicts() { # file -> "PASSED n, WEAK n, FAILED n"
  local f=$1
  printf 'PASSED %d, WEAK %d, FAILED %d' \
    "$(grep -c '|  PASSED' "$f" || true)" "$(grep -c '|    WEAK' "$f" || true)" "$(grep -c '|  FAILED' "$f" || true)"
}
count_of() { sed -n 's/.*bytes=\([0-9]*\).*/\1/p' "$1"; }

{
  echo "Croupier RNG statistical report"
  echo "==============================="
  echo "date:        $DATE (UTC)"
  echo "started:     $started"
  echo "finished:    $finished"
  echo "commit:      $commit (rngstream built from it at the start)"
  echo "go:          $(go version)"
  echo "cpu:         $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') ($(nproc) cores)"
  echo "dieharder:   $(dieharder -l | sed -n 's/.*\(dieharder version [0-9.]*\).*/\1/p' | head -1)"
  echo "ent:         $(dpkg-query -W -f='${Package} ${Version}' ent 2>/dev/null || echo ent)"
  echo "generator:   services/rng/drbg (ChaCha8 keyed and reseeded from crypto/rand, production reseed policy), see docs/rng.md"
  echo
  echo "Summary"
  echo "-------"
  echo "dieharder -a raw:      $(verdicts "$WORK/dieharder-raw.txt"); $(count_of "$WORK/raw.count") bytes streamed; $(cat "$WORK/dieharder-raw.seconds") s"
  echo "dieharder shuffle:     $(verdicts "$WORK/dieharder-shuffle.txt"); $(count_of "$WORK/shuffle.count") bytes streamed; $(cat "$WORK/dieharder-shuffle.seconds") s"
  echo "ent raw:               $(count_of "$WORK/ent-raw.count") bytes; $(grep -m1 'Entropy =' "$WORK/ent-raw.txt")"
  echo "ent shuffle:           $(count_of "$WORK/ent-shuffle.count") bytes; $(grep -m1 'Entropy =' "$WORK/ent-shuffle.txt")"
  echo
  echo "Commands"
  echo "--------"
  echo "$RNGSTREAM -mode raw | dieharder -a -g 200"
  echo "for d in $SHUFFLE_TESTS; do $RNGSTREAM -mode shuffle | dieharder -d \$d -g 200; done"
  echo "$RNGSTREAM -mode raw -bytes $BYTES | ent"
  echo "$RNGSTREAM -mode shuffle -bytes $BYTES | ent"
  echo "(bytes streamed counts what rngstream wrote into the pipe before dieharder closed it.)"
  echo
  echo "dieharder -a -g 200, raw stream"
  echo "-------------------------------"
  cat "$WORK/dieharder-raw.txt"
  echo
  echo "dieharder -g 200 -d N for N in $SHUFFLE_TESTS, shuffle-derived stream"
  echo "-------------------------------"
  cat "$WORK/dieharder-shuffle.txt"
  for part in raw shuffle; do
    echo
    echo "ent, $part stream ($(count_of "$WORK/ent-$part.count") bytes)"
    echo "--------------------------------"
    cat "$WORK/ent-$part.txt"
  done
} >"$OUT.tmp"
sed -i "s#$BIN/#bin/#g" "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "rng-report: wrote $OUT"
sed -n '/^Summary/,/^Commands/p' "$OUT"
if grep -q '|  FAILED' "$WORK/dieharder-raw.txt" "$WORK/dieharder-shuffle.txt"; then
  echo "rng-report: a dieharder test FAILED" >&2
  exit 1
fi
rm -rf "$WORK"
