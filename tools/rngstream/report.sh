#!/usr/bin/env bash
# rng-report: streams the RNG's output through dieharder and ent and writes
# the dated report that a test lab reads. Run it through `make rng-report`.
#
#   raw      dieharder -a -g 200 (stdin, raw: never rewinds a file; the
#            generator streams as much as the battery asks for, about 250 GB)
#            and ent over RNG_REPORT_BYTES bytes (1 GiB)
#   shuffle  bytes extracted from 52-card shuffles (about a third of the raw
#            rate): the Diehard tests of dieharder (RNG_REPORT_SHUFFLE_TESTS,
#            -d 0..16 without 14, diehard_sums, which dieharder rates "Do
#            Not Use"; the full -a battery would take most of a day at this
#            rate on two cores) and ent over RNG_REPORT_BYTES bytes
#
# The two dieharder phases run in parallel (one core each); the raw battery
# takes about 1.5 hours on two shared cores. Each phase records itself in
# the work directory (RNG_REPORT_WORK, a fresh temporary directory unless
# set) when it completes, and a run given the same directory skips the
# phases already done, so an interrupted report can be finished without
# repeating the long battery. The script exits non-zero if a phase fails
# or any dieharder test reports FAILED.
set -euo pipefail
cd "$(dirname "$0")/../.."

BYTES=${RNG_REPORT_BYTES:-1073741824}
DATE=${RNG_REPORT_DATE:-$(date -u +%Y-%m-%d)}
OUT=${RNG_REPORT_OUT:-docs/rng-report-$DATE.txt}
BIN=${BIN:-$PWD/bin}
SHUFFLE_TESTS=${RNG_REPORT_SHUFFLE_TESTS:-0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 16}
WORK=${RNG_REPORT_WORK:-}
keep_work=1
if [ -z "$WORK" ]; then
  WORK=$(mktemp -d /tmp/rng-report.XXXXXX)
  keep_work=0
fi
mkdir -p "$WORK"

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
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- services/rng tools/rngstream 2>/dev/null)" ]; then
  commit="$commit+uncommitted"
fi
now() { date -u +%Y-%m-%dT%H:%M:%SZ; }
count_of() { sed -n 's/.*bytes=\([0-9]*\).*/\1/p' "$1"; }

# phase NAME FUNCTION: runs FUNCTION unless NAME is already done in $WORK,
# then records when it ran and which build of rngstream it used.
phase() {
  local name=$1 fn=$2 start t0
  if [ -f "$WORK/$name.done" ]; then
    echo "rng-report: $name already done in $WORK, kept"
    return 0
  fi
  start=$(now)
  t0=$(date +%s)
  "$fn"
  printf 'started %s, finished %s, %d s, rngstream from commit %s\n' "$start" "$(now)" $(( $(date +%s) - t0 )) "$commit" >"$WORK/$name.done"
}

dieharder_raw() {
  { "$RNGSTREAM" -mode raw -count-file "$WORK/raw.count" 2>/dev/null || true; } |
    dieharder -a -g 200 >"$WORK/dieharder-raw.txt" 2>&1
}
dieharder_shuffle() {
  local total=0 d
  : >"$WORK/dieharder-shuffle.txt"
  for d in $SHUFFLE_TESTS; do
    { "$RNGSTREAM" -mode shuffle -count-file "$WORK/shuffle-$d.count" 2>/dev/null || true; } |
      dieharder -d "$d" -g 200 >>"$WORK/dieharder-shuffle.txt" 2>&1
    total=$(( total + $(count_of "$WORK/shuffle-$d.count") ))
  done
  echo "rngstream: mode=shuffle bytes=$total" >"$WORK/shuffle.count"
}
ent_raw() {
  "$RNGSTREAM" -mode raw -bytes "$BYTES" -count-file "$WORK/ent-raw.count" 2>/dev/null | ent >"$WORK/ent-raw.txt"
}
ent_shuffle() {
  "$RNGSTREAM" -mode shuffle -bytes "$BYTES" -count-file "$WORK/ent-shuffle.count" 2>/dev/null | ent >"$WORK/ent-shuffle.txt"
}

echo "rng-report: dieharder on the raw (-a) and shuffle-derived (-d $SHUFFLE_TESTS) streams (this takes hours); work dir $WORK"
phase dieharder-raw dieharder_raw &
pid_raw=$!
phase dieharder-shuffle dieharder_shuffle &
pid_shuffle=$!
failed=0
wait $pid_raw || failed=1
wait $pid_shuffle || failed=1
if [ $failed -ne 0 ]; then
  echo "rng-report: a dieharder phase failed; work dir $WORK kept (rerun with RNG_REPORT_WORK=$WORK)" >&2
  exit 1
fi
echo "rng-report: ent over $BYTES bytes of each stream"
phase ent-raw ent_raw
phase ent-shuffle ent_shuffle

# dieharder ends each result line with "|  PASSED  ", "|   WEAK   " or
# "|  FAILED  ".
assessed() { grep -cE "\\|[[:space:]]*$2[[:space:]]*\$" "$1" || true; }
verdicts() { # file -> "PASSED n, WEAK n, FAILED n"
  printf 'PASSED %d, WEAK %d, FAILED %d' "$(assessed "$1" PASSED)" "$(assessed "$1" WEAK)" "$(assessed "$1" FAILED)"
}

{
  echo "Croupier RNG statistical report"
  echo "==============================="
  echo "date:        $DATE (UTC)"
  echo "written:     $(now)"
  echo "go:          $(go version)"
  echo "cpu:         $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') ($(nproc) cores, shared)"
  echo "dieharder:   $(dieharder -l | sed -n 's/.*\(dieharder version [0-9.]*\).*/\1/p' | head -1)"
  echo "ent:         $(dpkg-query -W -f='${Package} ${Version}' ent 2>/dev/null || echo ent)"
  echo "generator:   services/rng/drbg (ChaCha8 keyed and reseeded from crypto/rand, production reseed policy"
  echo "             of 1 MiB / 60 s, SP 800-90B health tests on the entropy input), see docs/rng.md"
  echo
  echo "Summary"
  echo "-------"
  echo "dieharder -a, raw:             $(verdicts "$WORK/dieharder-raw.txt"); $(count_of "$WORK/raw.count") bytes streamed"
  echo "dieharder Diehard, shuffle:    $(verdicts "$WORK/dieharder-shuffle.txt"); $(count_of "$WORK/shuffle.count") bytes streamed"
  echo "ent, raw:                      $(count_of "$WORK/ent-raw.count") bytes; $(grep -m1 'Entropy =' "$WORK/ent-raw.txt")"
  echo "ent, shuffle:                  $(count_of "$WORK/ent-shuffle.count") bytes; $(grep -m1 'Entropy =' "$WORK/ent-shuffle.txt")"
  echo "WEAK is dieharder's flag for a p-value below 0.005 or above 0.995: about 1 in 100 results of a good"
  echo "generator is WEAK. FAILED (p below 0.000001 or above 0.999999) is what this report must not contain."
  echo
  echo "Phases"
  echo "------"
  for p in dieharder-raw dieharder-shuffle ent-raw ent-shuffle; do
    printf '%-18s %s' "$p" "$(cat "$WORK/$p.done")"
    echo
  done
  echo
  echo "Commands"
  echo "--------"
  echo "rngstream -mode raw | dieharder -a -g 200"
  echo "for d in $SHUFFLE_TESTS; do rngstream -mode shuffle | dieharder -d \$d -g 200; done"
  echo "rngstream -mode raw -bytes $BYTES | ent"
  echo "rngstream -mode shuffle -bytes $BYTES | ent"
  echo "(rngstream is tools/rngstream; bytes streamed counts what it wrote into the pipe before dieharder closed it.)"
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
mv "$OUT.tmp" "$OUT"
echo "rng-report: wrote $OUT"
sed -n '/^Summary/,/^Phases/p' "$OUT"
if [ "$(assessed "$WORK/dieharder-raw.txt" FAILED)" != 0 ] || [ "$(assessed "$WORK/dieharder-shuffle.txt" FAILED)" != 0 ]; then
  echo "rng-report: a dieharder test FAILED" >&2
  exit 1
fi
if [ $keep_work -eq 0 ]; then
  rm -rf "$WORK"
fi
