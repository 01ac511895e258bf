#!/usr/bin/env bash
# make bench: plistctl side by side with its peers, timed with hyperfine (medians), peak
# memory from GNU time, ratios written to bench/results/*.md.
#   bench/run.sh convert — converting 1, 10 and 50 MB plists both ways, against libplist's
#                          plistutil, python3's plistlib and Foundation.
#   bench/run.sh latency — one invocation (read a key, write a key, read a domain, list the
#                          domains) against a static Swift no-op, git config, dconf and GNUstep's
#                          defaults.
#   bench/run.sh [all]   — both.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/data bench/results bench/bin

install_missing() { # command package
  command -v "$1" >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  else
    echo "bench: '$1' is missing; install the Debian package '$2'" >&2
    exit 1
  fi
}
install_missing hyperfine hyperfine
install_missing plistutil libplist-utils
[ -x /usr/bin/time ] || install_missing /usr/bin/time time

# The release binary exactly as `make install` builds it.
make -s release >/dev/null 2>&1 || make release
PLISTCTL=$(swift build -c release -Xswiftc -static-executable --show-bin-path)/plistctl
FOUNDATION=bench/bin/foundation-convert
if [ ! -x "$FOUNDATION" ] || [ bench/foundation/convert.swift -nt "$FOUNDATION" ]; then
  swiftc -O bench/foundation/convert.swift -o "$FOUNDATION"
fi
export PLISTCTL FOUNDATION

convert() {
  # Outputs go to memory (tmpfs) when there is one, so that the disk's writeback (and
  # plistctl's fsync, which the others do not do) does not blur the conversion times.
  outdir=/tmp
  [ -d /dev/shm ] && [ -w /dev/shm ] && outdir=/dev/shm
  for size in 1 10 50; do
    data=bench/data/mix-$size
    [ -f "$data.xml" ] || python3 bench/generate.py "$size" "$data"
  done
  for size in 1 10 50; do
    data=bench/data/mix-$size
    runs=$([ "$size" = 50 ] && echo 3 || echo 7)
    for direction in xml-to-binary binary-to-xml; do
      if [ $direction = xml-to-binary ]; then in=$data.xml fmt=binary pfmt=bin; else in=$data.bin fmt=xml pfmt=xml; fi
      out=$outdir/plistctl-bench.out
      echo "== $size MB $direction"
      hyperfine -N --warmup 1 --runs "$runs" --style basic \
        --export-json "bench/results/convert-$size-$direction.json" \
        -n plistctl "$PLISTCTL convert $fmt $in -o $out" \
        -n plistutil "plistutil -i $in -o $out -f $pfmt" \
        -n plistlib "python3 bench/plistlib_convert.py $pfmt $in $out" \
        -n foundation "$FOUNDATION $pfmt $in $out" >/dev/null
      for tool in plistctl plistutil plistlib foundation; do
        case $tool in
          plistctl) cmd="$PLISTCTL convert $fmt $in -o $out" ;;
          plistutil) cmd="plistutil -i $in -o $out -f $pfmt" ;;
          plistlib) cmd="python3 bench/plistlib_convert.py $pfmt $in $out" ;;
          foundation) cmd="$FOUNDATION $pfmt $in $out" ;;
        esac
        /usr/bin/time -f "%M" -o "bench/results/convert-$size-$direction-$tool.rss" $cmd
      done
    done
  done
  python3 bench/report.py convert > bench/results/conversion.md
  cat bench/results/conversion.md
}

latency() {
  install_missing git git
  install_missing dconf dconf-cli
  install_missing dbus-run-session dbus
  [ -x /usr/bin/defaults ] || install_missing /usr/bin/defaults gnustep-base-runtime
  # Two baselines: the Swift runtime linked statically (the usual way to link a Swift
  # tool; docs/performance.md), and a fully
  # static executable, linked as plistctl is.
  [ -x bench/bin/noop ] || swiftc -O -static-stdlib bench/noop.swift -o bench/bin/noop
  [ -x bench/bin/noop-static ] || swiftc -O -static-executable bench/noop.swift -o bench/bin/noop-static
  # dconf writes go through its D-Bus service: run the measurements in a session bus.
  dbus-run-session -- bench/run.sh latency-in-session 2>/dev/null
  python3 bench/report.py latency > bench/results/latency.md
  cat bench/results/latency.md
}

latency_in_session() {
  local sandbox=$PWD/bench/data/latency
  rm -rf "$sandbox" && mkdir -p "$sandbox/home"
  export HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config
  local domain=com.example.bench gitfile=$sandbox/gitconfig
  for i in $(seq 1 20); do
    "$PLISTCTL" write $domain "Key$i" -string "value $i"
    git config --file "$gitfile" "bench.key$i" "value $i"
    dconf write "/com/example/bench/key$i" "'value $i'"
    defaults write $domain "Key$i" "value $i" >/dev/null
  done
  "$PLISTCTL" write $domain Key -int 1
  git config --file "$gitfile" bench.key 1
  dconf write /com/example/bench/key 1
  defaults write $domain Key 1 >/dev/null
  run() { # name, then commands as name=command pairs
    local name=$1
    shift
    local args=()
    for pair in "$@"; do args+=(-n "${pair%%=*}" "${pair#*=}"); done
    echo "== $name"
    hyperfine -N --warmup 20 --runs 200 --style basic \
      --export-json "bench/results/latency-$name.json" "${args[@]}" >/dev/null
  }
  run read-key "noop=bench/bin/noop" "noop-static=bench/bin/noop-static" "plistctl=$PLISTCTL read $domain Key" \
    "git-config=git config --file $gitfile --get bench.key" \
    "dconf=dconf read /com/example/bench/key" "gnustep-defaults=defaults read $domain Key"
  run write-key "noop=bench/bin/noop" "noop-static=bench/bin/noop-static" "plistctl=$PLISTCTL write $domain Key -int 1" \
    "git-config=git config --file $gitfile bench.key 1" \
    "dconf=dconf write /com/example/bench/key 1" "gnustep-defaults=defaults write $domain Key 1"
  run read-domain "noop=bench/bin/noop" "noop-static=bench/bin/noop-static" "plistctl=$PLISTCTL read $domain" \
    "git-config=git config --file $gitfile --list" "dconf=dconf dump /com/example/bench/" \
    "gnustep-defaults=defaults read $domain"
  run domains "noop=bench/bin/noop" "noop-static=bench/bin/noop-static" "plistctl=$PLISTCTL domains" "dconf=dconf list /" \
    "gnustep-defaults=defaults domains"
}

case "${1:-all}" in
  convert) convert ;;
  latency) latency ;;
  latency-in-session) latency_in_session ;;
  all) convert && latency ;;
  *) echo "usage: bench/run.sh [convert|latency|all]" >&2; exit 64 ;;
esac
