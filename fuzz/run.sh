#!/usr/bin/env bash
# Builds a libFuzzer binary per reader (PlistCore's sources plus one entry point, with
# address sanitizer) and runs each for SECONDS (default 60), seeded with the test corpus; then
# the differential target xml-cf (fuzz/differential.sh) for as long.
# Findings land in fuzz/artifacts/; a finding makes the script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
# FUZZ_RUNS=N: N executions per reader instead of SECONDS (how the readers' 10^6 are run).
if [ -n "${FUZZ_RUNS:-}" ]; then limit=-runs=$FUZZ_RUNS; length="$FUZZ_RUNS runs"; else
  limit=-max_total_time=$seconds; length="${seconds}s"; fi
build=.build-fuzz
mkdir -p "$build" fuzz/artifacts
sources=$(find Sources/PlistCore -name '*.swift' | sort)
fixtures=Tests/PlistCoreTests/Fixtures/corpus
# The checks of every visitor against the tree, shared with the unit tests.
agreement=Tests/PlistCoreTests/Formats/VisitorAgreement.swift

seed() { # target -> files of the shared corpus in that format
  awk -F'\t' -v f="$1" 'NR > 1 && (f == "detect" || $3 == f) { print $1 }' "$fixtures/MANIFEST.tsv"
}

echo "== building the fuzzer (log: $build/build.log)"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name PlistFuzz -package-name plistctl \
  $sources fuzz/targets/*.swift $agreement -o "$build/plist-fuzz" > "$build/build.log" 2>&1 ||
  { cat "$build/build.log"; exit 1; }

source fuzz/report.sh

status=0
# Each format's target checks every visitor of the format's one walk against the tree on the
# same input (VisitorAgreement.swift): xml the root-key look-up, the compact storage and the
# one-key write of a canonical domain; binary the look-up, the converters and the one-key
# rewrite of a canonical domain; json and openstep the binary image. (Any input that reads as
# a dictionary is also written out as binary, and the rewrite checked on that.)
# cloud: a replica's file (and entries with extreme clocks) through the reader and the merge,
# checking the merge's order independence, idempotence and bounds (CloudReplicaFuzz.swift).
for target in ${FUZZ_TARGETS:-xml binary openstep json detect cloud}; do
  corpus="fuzz/corpus-$target"
  mkdir -p "$corpus"
  for file in $(seed "$target"); do cp -f "$fixtures/$file" "$corpus/" 2>/dev/null || true; done
  # Seeds of a target's own (domains the one-key writes take as canonical, files that found
  # bugs).
  [ -d "fuzz/seeds/$target" ] && cp -f fuzz/seeds/"$target"/* "$corpus/"
  echo "== fuzzing the $target reader for $length"
  [ "$target" = detect ] && format="" || format=$target
  rc=0
  PLIST_FUZZ_FORMAT=$format "$build/plist-fuzz" "$corpus" "$limit" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$target-" \
    2> "$build/$target.log" || rc=$?
  report "$target" "$rc" "$build/$target.log" || status=1
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|ERROR' "$build/$target.log" || true
done
# xml-cf: the XML reader against CoreFoundation's, a build and a run of its own.
fuzz/differential.sh "$seconds" || status=1
exit $status
