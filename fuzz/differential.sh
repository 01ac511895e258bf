#!/usr/bin/env bash
# The differential target, xml-cf: PlistCore's XML reader against CoreFoundation's, through
# Foundation's PropertyListSerialization (swift-corelibs-foundation runs CF's own XML parser).
# Whatever PlistCore accepts, CF must read to the same value; PlistCore may refuse more
# (docs/formats.md lists where). Builds PlistCore's sources with the harness in
# fuzz/differential/ and runs it for SECONDS (default 60), seeded with the XML files of the test
# corpus and fuzz/differential/seeds. A finding is saved in fuzz/artifacts/xml-cf-* and makes
# the script fail; `.build-fuzz/plist-xml-cf FILE` replays one and prints what differs.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=.build-fuzz
mkdir -p "$build" fuzz/artifacts
sources=$(find Sources/PlistCore -name '*.swift' | sort)
fixtures=Tests/PlistCoreTests/Fixtures/corpus

echo "== building the differential fuzzer (log: $build/build-xml-cf.log)"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name PlistFuzz -package-name plistctl \
  $sources fuzz/differential/*.swift -o "$build/plist-xml-cf" > "$build/build-xml-cf.log" 2>&1 ||
  { cat "$build/build-xml-cf.log"; exit 1; }

corpus=fuzz/corpus-xml-cf
mkdir -p "$corpus"
for file in $(awk -F'\t' 'NR > 1 && $3 == "xml" { print $1 }' "$fixtures/MANIFEST.tsv"); do
  cp -f "$fixtures/$file" "$corpus/" 2>/dev/null || true
done
cp -f fuzz/differential/seeds/* "$corpus/"

echo "== fuzzing the XML reader against CoreFoundation for ${seconds}s"
# Leak detection off: Foundation keeps caches that LeakSanitizer would report. Swift's own
# backtracer off: a finding aborts, and symbolicating it would take longer than the run.
source fuzz/report.sh
status=0
SWIFT_BACKTRACE=enable=no "$build/plist-xml-cf" "$corpus" -dict=fuzz/differential/xml.dict \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
  -print_final_stats=1 -artifact_prefix=fuzz/artifacts/xml-cf- 2> "$build/xml-cf.log" || status=$?
report xml-cf "$status" "$build/xml-cf.log" || status=1
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$build/xml-cf.log" || true
exit $status
