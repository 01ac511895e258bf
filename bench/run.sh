#!/usr/bin/env bash
# make bench: plistctl side by side with its peers, timed with hyperfine (medians), peak
# memory from GNU time, ratios written to bench/results/*.md.
#   bench/run.sh convert — converting 1, 10 and 50 MB plists both ways, against libplist's
#                          plistutil, python3's plistlib and Foundation.
#   bench/run.sh latency — one invocation (read a key, write a key, read a domain, list the
#                          domains) against a static Swift no-op, git config, dconf and GNUstep's
#                          defaults.
#   bench/run.sh defaults — PlistCore's Defaults in a program: start-up of a one-key read against
#                          Foundation's UserDefaults and plistctl read, per-call cost of a get
#                          and a durable set, the delay of a change's delivery to a task
#                          iterating changes(forKeys:), callgrind instruction counts.
#   bench/run.sh cloud   — the cloud key-value store: `cloud set` on an empty and a full store
#                          (1,024 keys, 1 MB) against `write` and git config, a full store's
#                          sync between two replicas through git and a folder (first sync,
#                          and after one key changed) against git clone/pull/push and cp,
#                          callgrind on one `cloud set` of a full store.
#   bench/run.sh scale   — issue 12: one key read and written in a 100,001-key domain against
#                          git config, domains and find over 2,000 domains against ls and
#                          grep -ril, the small read against a static no-op, 10 MB
#                          conversions against plistutil (interleaved rounds, ratios), peak
#                          memory of every conversion path, callgrind counts.
#   bench/run.sh memory  — only the scale bench's peak memory: `convert` on each of the 16
#                          paths (4 formats in, 4 out) at 10 MB, RSS ÷ input
#                          (MEMORY_PLISTCTL=PATH measures another build of plistctl).
#   bench/run.sh race    — a running Foundation app that saves its domain in a loop while
#                          plistctl writes 200 other keys to it: how many acknowledged writes
#                          the file does not hold at the end (RACE_PLISTCTL=PATH measures
#                          another build of plistctl).
#   bench/run.sh tools   — issue 28: start-up of the compatibility modes through their links,
#                          `plutil -extract K raw F` and `PlistBuddy -c "Print :K" F` on a
#                          real Info.plist and on a domain file plistctl wrote, against
#                          `plistctl read D` and `read D K` (interleaved rounds, ratios,
#                          callgrind instruction counts).
#   bench/run.sh [all]   — all but race (which is not a timing).
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
PLISTCTL=$(swift build -c release --show-bin-path)/plistctl
RELEASE_BIN=$(swift build -c release -Xswiftc -static-executable --show-bin-path)
PLISTCTL=$RELEASE_BIN/plistctl
FOUNDATION=bench/bin/foundation-convert
if [ ! -x "$FOUNDATION" ] || [ bench/foundation/convert.swift -nt "$FOUNDATION" ]; then
  swiftc -O bench/foundation/convert.swift -o "$FOUNDATION"
fi
export RELEASE_BIN PLISTCTL FOUNDATION

# Start-up is timed on fresh copies of the programs, made side by side just before (as
# `make install` copies plistctl): how fast a program starts depends on how its file's pages
# sit in the page cache. Measured here, a linker's output file, or a copy some minutes old,
# started up to 70 µs (20 %) slower than a fresh copy of the same bytes; fresh copies start
# alike. Prints the copy's path.
fresh_copy() { # program
  mkdir -p bench/bin/fresh
  local copy
  copy=bench/bin/fresh/$(basename "$1")
  rm -f "$copy" && install -m 0755 "$1" "$copy" && echo "$copy"
}

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
  local noop noop_static
  PLISTCTL=$(fresh_copy "$PLISTCTL") noop=$(fresh_copy bench/bin/noop)
  noop_static=$(fresh_copy bench/bin/noop-static)
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
  run read-key "noop=$noop" "noop-static=$noop_static" "plistctl=$PLISTCTL read $domain Key" \
    "git-config=git config --file $gitfile --get bench.key" \
    "dconf=dconf read /com/example/bench/key" "gnustep-defaults=defaults read $domain Key"
  run write-key "noop=$noop" "noop-static=$noop_static" "plistctl=$PLISTCTL write $domain Key -int 1" \
    "git-config=git config --file $gitfile bench.key 1" \
    "dconf=dconf write /com/example/bench/key 1" "gnustep-defaults=defaults write $domain Key 1"
  run read-domain "noop=$noop" "noop-static=$noop_static" "plistctl=$PLISTCTL read $domain" \
    "git-config=git config --file $gitfile --list" "dconf=dconf dump /com/example/bench/" \
    "gnustep-defaults=defaults read $domain"
  run domains "noop=$noop" "noop-static=$noop_static" "plistctl=$PLISTCTL domains" "dconf=dconf list /" \
    "gnustep-defaults=defaults domains"
}

# Programs on PlistCore are linked against the release build's module and objects (Package.swift
# has no target for them), with plistctl's flags. Rebuilt when the source or PlistCore changed.
build_on_core() { # source output
  local bin
  bin=$RELEASE_BIN
  if [ -x "$2" ] && [ ! "$1" -nt "$2" ] && [ -z "$(find "$bin/PlistCore.build" -name '*.o' -newer "$2")" ]; then
    return
  fi
  local out
  # Linked as Package.swift links plistctl: lld, with the hot symbols laid out together.
  if ! out=$(swiftc -O -static-executable -use-ld=lld \
    -Xlinker --symbol-ordering-file=packaging/hot-symbols.txt -Xlinker --no-warn-symbol-ordering \
    -Xlinker --no-rosegment -I "$bin/Modules" "$1" "$bin"/PlistCore.build/*.o -o "$2" 2>&1); then
    echo "$out" >&2
    exit 1
  fi
}

build_on_foundation() { # source output
  [ -x "$2" ] && [ ! "$1" -nt "$2" ] || swiftc -O "$1" -o "$2"
}

defaults_bench() (
  install_missing valgrind valgrind
  build_on_core bench/defaults/read_one_key.swift bench/bin/defaults-read-one-key
  build_on_core bench/defaults/per_call.swift bench/bin/defaults-per-call
  build_on_core bench/defaults/change_latency.swift bench/bin/defaults-change-latency
  build_on_foundation bench/defaults/foundation_read_one_key.swift bench/bin/foundation-read-one-key
  build_on_foundation bench/defaults/foundation_per_call.swift bench/bin/foundation-per-call
  [ -x bench/bin/noop-static ] || swiftc -O -static-executable bench/noop.swift -o bench/bin/noop-static
  local sandbox=$PWD/bench/data/defaults domain=com.example.bench
  rm -rf "$sandbox" && mkdir -p "$sandbox/home" "$sandbox/config"
  export HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config
  rm -f bench/results/defaults-*
  # The domain: 20 keys, written by Foundation (XML).
  bench/bin/foundation-per-call populate $domain
  local file=$XDG_CONFIG_HOME/$domain.plist
  # Dated two hours back: a domain no app has saved lately. (Writes to a domain an app saved
  # in the last ten minutes are checked against its next save: 10 ms more each.)
  touch -d '2 hours ago' "$file"
  head -c 5 "$file" | grep -q '<?xml' || { echo "bench: $file is not Foundation's XML" >&2; exit 1; }
  [ "$("$PLISTCTL" read $domain HPMapType)" = 2 ] || { echo "bench: plistctl cannot read $file" >&2; exit 1; }
  # 1. Start-up. hyperfine runs each command's runs in a block; to spread the machine's drift
  # over all of them, 10 rounds of 30 runs, the order rotated each round, times pooled.
  local names=(defaults-program foundation-program plistctl-read noop-static)
  local cmds=("$(fresh_copy bench/bin/defaults-read-one-key)"
    "$(fresh_copy bench/bin/foundation-read-one-key)"
    "$(fresh_copy "$PLISTCTL") read $domain HPMapType" "$(fresh_copy bench/bin/noop-static)")
  echo "== start-up, one-key read"
  for round in $(seq 0 9); do
    local args=()
    for i in 0 1 2 3; do
      local j=$(((i + round) % 4))
      args+=(-n "${names[$j]}" "${cmds[$j]}")
    done
    hyperfine -N --warmup 5 --runs 30 --style none \
      --export-json "bench/results/defaults-startup-$round.json" "${args[@]}" \
      >/dev/null 2>>bench/results/defaults-hyperfine.log ||
      { cat bench/results/defaults-hyperfine.log >&2; exit 1; }
  done
  # 2. Per call, in one process: 20,000 gets, then 500 sets, each program 5 times, alternating,
  # each run on a fresh copy of the domain (a suite of its own).
  echo "== per call"
  for run in 1 2 3 4 5; do
    for impl in defaults foundation; do
      cp -p "$file" "$XDG_CONFIG_HOME/com.example.percall.plist"
      "bench/bin/$impl-per-call" com.example.percall 20000 500 | sed "s/^/$impl /" \
        >>bench/results/defaults-per-call.txt
    done
  done
  # 3. changes(forKeys:): from another process's write returning (plistctl, seen to exit) to
  # the awaiting task's receiving the change; 3 runs of 300 writes.
  echo "== change delivery"
  for run in 1 2 3; do
    bench/bin/defaults-change-latency com.example.latency 300 "$PLISTCTL" \
      >>bench/results/defaults-latency.txt
  done
  # 4. Instructions (callgrind), whole process, start-up included.
  echo "== callgrind"
  # plistctl-write: a write that changes the file (a new key) of a domain plistctl wrote (no
  # app saves it: no check after the write) with no Settings schema.
  "$PLISTCTL" write $domain.cli Seed -int 1
  names+=(plistctl-write)
  cmds+=("$PLISTCTL write $domain.cli BenchNewKey -int 1")
  for i in 0 1 2 3 4; do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null ${cmds[$i]} 2>&1 >/dev/null |
      sed -n "s/.*Collected : \([0-9]*\).*/${names[$i]} \1/p" >>bench/results/defaults-callgrind.txt
  done
  python3 bench/report.py defaults >bench/results/defaults.md
  cat bench/results/defaults.md
)

# hyperfine in rounds, the order of the commands rotated each round (so that the machine's
# drift spreads over all of them), each round exported to bench/results/NAME-ROUND.json, which
# report.py pools. Commands in the arrays names and cmds, and, when set, a --prepare command
# for each in prepares.
# Appends "NAME INSTRUCTIONS" to FILE: callgrind's count for the whole process.
callgrind_count() { # file name command…
  local file=$1 name=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n "s/.*Collected : \([0-9]*\).*/$name \1/p" >>"$file"
}

rotated() { # name rounds warmup runs
  local name=$1 rounds=$2 warmup=$3 runs=$4 n=${#names[@]} round i j
  for round in $(seq 0 $((rounds - 1))); do
    local args=()
    for i in $(seq 0 $((n - 1))); do
      j=$(((i + round) % n))
      if [ ${#prepares[@]} -gt 0 ]; then args+=(--prepare "${prepares[$j]}"); fi
      args+=(-n "${names[$j]}" "${cmds[$j]}")
    done
    hyperfine -N --warmup "$warmup" --runs "$runs" --style none \
      --export-json "bench/results/$name-$round.json" "${args[@]}" \
      >/dev/null 2>>"bench/results/$name-hyperfine.log" ||
      { cat "bench/results/$name-hyperfine.log" >&2; exit 1; }
  done
}

cloud_bench() (
  install_missing git git
  install_missing valgrind valgrind
  local S=$PWD/bench/data/cloud step=bench/cloud/step.sh
  rm -rf "$S" && mkdir -p "$S"
  rm -f bench/results/cloud-*
  export CLOUD_SANDBOX=$S
  # A machine's directories for the commands hyperfine times (hyperfine -N runs them without
  # a shell, so the variables are this process's).
  as_machine() {
    local m=$S/$1
    export HOME=$m/home XDG_CONFIG_HOME=$m/config XDG_STATE_HOME=$m/state XDG_DATA_HOME=$m/data
  }
  echo "== setup: A fills a folder store and a git store (1,023 cloud set each, untimed)"
  local started=$SECONDS
  $step setup | tee bench/results/cloud-setup.txt
  echo "setup $((SECONDS - started)) s" >>bench/results/cloud-setup.txt
  local a_file=$S/folder/replicas/$($step replica a).plist
  {
    echo "replica-file $(stat -c %s "$a_file")"
    $step on a "$PLISTCTL" cloud status fs | sed -n 's|^quota: .*, \([0-9]*\)/\([0-9]*\) bytes$|store-bytes \1 \2|p'
    echo "domain-file $(stat -c %s "$S/a/config/com.example.full.plist")"
    echo "gitconfig-file $(stat -c %s "$S/full.gitconfig")"
    echo "repo-before $(du -sk "$S/store.git" | cut -f1) $(git -C "$S/store.git" rev-list --count main)"
  } >bench/results/cloud-sizes.txt

  # 1. One `cloud set` (A's own file only: no git, no sync), on a store of one key and on the
  # full store, next to `write` on a domain of one key and of the same 1,024 keys, and git
  # config on files of one key and of the same keys (1 MB).
  echo "== cloud set"
  (
    as_machine a
    names=(cloud-set-empty cloud-set-full cloud-set-full-git write-empty write-full
      git-config-empty git-config-full)
    cmds=("$PLISTCTL cloud set empty Key -int 1" "$PLISTCTL cloud set fs Key -int 1"
      "$PLISTCTL cloud set gs Key -int 1" "$PLISTCTL write com.example.empty Key -int 1"
      "$PLISTCTL write com.example.full Key -int 1" "git config --file $S/empty.gitconfig bench.key 1"
      "git config --file $S/full.gitconfig bench.key 1")
    prepares=()
    rotated cloud-set 5 3 20
  )

  # 2. B's syncs of the full store: its first (attaching a store A filled: initialSync of all
  # 1,024 keys, then B's own copy sent), and one after A changed one key (A's change, and for
  # git A's push, made untimed before each run). Peers: cp of A's file (what a sync tool
  # delivering it locally does, without fsync), git clone of the store's repository (first
  # sync), git pull of A's new commit and git push of a one-line change to a copy of A's file
  # (the steps of a steady git sync).
  echo "== cloud sync"
  (
    as_machine b
    names=(first-sync-folder first-sync-git sync-folder sync-git cp git-clone git-pull git-push)
    cmds=("$PLISTCTL cloud attach fi --folder $S/folder-init"
      "$PLISTCTL cloud attach gi --git file://$S/init.git"
      "$PLISTCTL cloud sync fs" "$PLISTCTL cloud sync gs"
      "cp $a_file $S/copy.plist"
      "git clone -q file://$S/init.git.pristine $S/peer-clone"
      "git -C $S/peer-pull pull -q --ff-only"
      "git -C $S/peer-push push -q origin HEAD:main")
    prepares=("$step b-forget-fi" "$step b-forget-gi" "$step a-change-folder" "$step a-change-git"
      "true" "$step peer-clone-reset" "$step a-change-git" "$step peer-push-change")
    rotated cloud-sync 5 1 8
  )
  echo "repo-after $(du -sk "$S/store.git" | cut -f1) $(git -C "$S/store.git" rev-list --count main)" \
    >>bench/results/cloud-sizes.txt
  # What was timed worked: A's last change reaches B through both, and B holds the full store.
  $step a-change-folder && $step a-change-git
  for store in fs gs; do
    [ "$($step on b "$PLISTCTL" cloud sync "$store")" = "serverChange: Key" ] &&
      [ "$($step on b "$PLISTCTL" cloud get "$store" Key)" = "$($step on a "$PLISTCTL" cloud get "$store" Key)" ] &&
      [[ $($step on b "$PLISTCTL" cloud status "$store") == *"quota:     1024/1024 keys"* ]] ||
      { echo "bench: B did not receive A's change in $store" >&2; exit 1; }
  done

  # 3. Instructions (callgrind, whole process; valgrind's system-call time too): totals for
  # the four writes; the profiles of one `cloud set` on the full store, and of B's sync.
  echo "== callgrind"
  (
    as_machine a
    local names=(cloud-set-empty cloud-set-full write-empty write-full)
    local cmds=("$PLISTCTL cloud set empty Key -int 1" "$PLISTCTL cloud set fs Key -int 1"
      "$PLISTCTL write com.example.empty Key -int 1" "$PLISTCTL write com.example.full Key -int 1")
    for i in 0 1 2 3; do
      valgrind --tool=callgrind --collect-systime=nsec \
        --callgrind-out-file="bench/results/cloud-profile-${names[$i]}.callgrind" ${cmds[$i]} 2>&1 >/dev/null |
        sed -n "s/.*Collected : \([0-9]*\).*/${names[$i]} \1/p" >>bench/results/cloud-callgrind.txt
    done
  )
  # And B's sync through the folder after A changed one key (why it costs more than the first).
  $step a-change-folder
  $step on b valgrind --tool=callgrind --collect-systime=nsec \
    --callgrind-out-file=bench/results/cloud-profile-sync-folder.callgrind "$PLISTCTL" cloud sync fs \
    >/dev/null 2>&1
  local profile
  for profile in bench/results/cloud-profile-cloud-set-full bench/results/cloud-profile-sync-folder; do
    if swift demangle --simplified </dev/null >/dev/null 2>&1; then
      swift demangle --simplified <"$profile.callgrind" >"$profile.demangled"
    else
      cp "$profile.callgrind" "$profile.demangled"
    fi
  done
  python3 bench/report.py cloud >bench/results/cloud.md
  cat bench/results/cloud.md
)
# The app: UserDefaultsProbe sync-loop (Tests/UserDefaultsProbe), Foundation's UserDefaults setting
# its own key and calling synchronize() again and again, PAUSE µs apart, on a domain of 9 keys
# (small) or 500 (large, 44 KB: each save takes the app longer). plistctl writes Key1…Key200
# one process after another; then the app stops, and every key whose write exited 0 must be in
# the file with its value.
race_round() { # plistctl probe size pause
  local sandbox domain=com.example.race
  sandbox=$(mktemp -d "$PWD/bench/data/race.XXXXXX")
  mkdir -p "$sandbox/home" "$sandbox/config"
  if [ "$3" = large ]; then
    cp bench/data/race-large.plist "$sandbox/config/$domain.plist"
  else
    HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config "$2" write $domain
  fi
  HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config "$2" sync-loop $domain "$sandbox/stop" "$4" \
    >"$sandbox/rounds" &
  local app=$! failed=0 lost=0 start end
  start=$(date +%s.%N)
  for i in $(seq 200); do
    HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config "$1" write $domain "Key$i" -int "$i" \
      2>>"$sandbox/errors" || { failed=$((failed + 1)); echo "$i" >>"$sandbox/failed"; }
  done
  end=$(date +%s.%N)
  touch "$sandbox/stop"
  wait $app
  for i in $(seq 200); do
    grep -qx "$i" "$sandbox/failed" 2>/dev/null && continue
    [ "$(HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/config "$1" read $domain "Key$i" 2>/dev/null)" = "$i" ] ||
      lost=$((lost + 1))
  done
  echo "$3 $4 $lost $failed $(cat "$sandbox/rounds") $(echo "$end - $start" | bc)"
  rm -rf "$sandbox"
}

race() {
  swift build --product UserDefaultsProbe >/dev/null
  local probe plistctl=${RACE_PLISTCTL:-$PLISTCTL}
  probe=$(swift build --show-bin-path)/UserDefaultsProbe
  [ -f bench/data/race-large.plist ] || python3 -c '
import plistlib, sys
keys = {"Pre%d" % i: "value number %d " % i * 3 for i in range(500)}
plistlib.dump(keys, open(sys.argv[1], "wb"))' bench/data/race-large.plist
  rm -f bench/results/race.txt
  echo "== race: $plistctl"
  for size in small large; do
    for pause in 0 5000; do
      for run in 1 2 3; do race_round "$plistctl" "$probe" $size $pause >>bench/results/race.txt; done
    done
  done
  python3 bench/report.py race >bench/results/race.md
  cat bench/results/race.md
}

# Scale (issue 12): one key read and written in a 100,001-key domain (XML and binary)
# against git config on the same keys, domains and find over 2,000 domains against ls -1
# and grep -ril, the small read against the static no-op, 10 MB conversions against
# plistutil; each case's commands interleaved (rounds, order rotated), medians and ratios;
# instruction counts (callgrind) and peak memory (GNU time) of every path.
# SCALE_PLISTCTL=PATH measures another build of plistctl (the before of a change).
scale_bench() (
  install_missing git git
  install_missing valgrind valgrind
  local S=$PWD/bench/data/scale W
  [ -f "$S/big.gitconfig" ] || python3 bench/scale.py "$S"
  for size in 10; do
    [ -f "bench/data/mix-$size.xml" ] || python3 bench/generate.py "$size" "bench/data/mix-$size"
  done
  # The second mix, made unlike the first (issue 29): escapes, UTF-16, extreme reals; its
  # binary in two key orders (made order, and sorted as plistlib writes by default).
  [ -f bench/data/hard-10-sorted.bin ] || python3 bench/generate_hard.py 10 bench/data/hard-10
  [ -x bench/bin/noop-static ] || swiftc -O -static-executable bench/noop.swift -o bench/bin/noop-static
  [ -x bench/bin/noop ] || swiftc -O -static-stdlib bench/noop.swift -o bench/bin/noop
  [ -x bench/bin/noop-concurrency ] ||
    swiftc -O -static-executable bench/noop-concurrency.swift -o bench/bin/noop-concurrency
  local p noop noop_stdlib noop_concurrency
  p=$(fresh_copy "${SCALE_PLISTCTL:-$PLISTCTL}") noop=$(fresh_copy bench/bin/noop-static)
  noop_stdlib=$(fresh_copy bench/bin/noop) noop_concurrency=$(fresh_copy bench/bin/noop-concurrency)
  rm -f bench/results/scale-*
  # Writes change a copy; the small domain: 21 keys, as the latency bench's.
  W=$S/work
  rm -rf "$W" && mkdir -p "$W/small" "$W/out"
  cp "$S/xml/com.example.big.plist" "$W/big-xml.plist"
  cp "$S/bin/com.example.big.plist" "$W/big-bin.plist"
  cp "$S/big.gitconfig" "$W/big.gitconfig"
  # Dated back, as domains no app has saved lately (a write to a domain an app saved in the
  # last ten minutes is checked against the app's next save: 10 ms more, and a full write).
  touch -d '2 hours ago' "$W/big-xml.plist" "$W/big-bin.plist"
  for i in $(seq 1 20); do
    XDG_CONFIG_HOME=$W/small "$p" write com.example.bench "Key$i" -string "value $i"
  done
  XDG_CONFIG_HOME=$W/small "$p" write com.example.bench Key -int 1
  local outdir=/tmp
  [ -d /dev/shm ] && [ -w /dev/shm ] && outdir=/dev/shm
  local out=$outdir/plistctl-scale.out mix=bench/data/mix-10
  "$p" convert json "$mix.xml" -o "$W/mix-10.json"
  echo "== read one key of 100,001"
  names=(read-xml read-binary git-get)
  cmds=("$p read $W/big-xml Key" "$p read $W/big-bin Key" "git config --file $W/big.gitconfig --get bench.key")
  prepares=()
  rotated scale-read 5 2 10
  echo "== write one key of 100,001 (the value changed before each run)"
  names=(write-xml write-binary git-set)
  cmds=("$p write $W/big-xml Key -int 1" "$p write $W/big-bin Key -int 1"
    "git config --file $W/big.gitconfig bench.key 1")
  prepares=("$p write $W/big-xml Key -int 0" "$p write $W/big-bin Key -int 0"
    "git config --file $W/big.gitconfig bench.key 0")
  rotated scale-write 5 1 8
  prepares=()
  echo "== domains and find over 2,000 domains"
  (
    export XDG_CONFIG_HOME=$S/many
    names=(domains ls find grep)
    cmds=("$p domains" "ls -1 $S/many" "$p find pigeon" "grep -ril pigeon $S/many")
    rotated scale-many 5 3 20
  )
  echo "== read D K, small domain"
  (
    export XDG_CONFIG_HOME=$W/small
    names=(read-small noop-static noop noop-concurrency)
    cmds=("$p read com.example.bench Key" "$noop" "$noop_stdlib" "$noop_concurrency")
    rotated scale-small 5 10 60
  )
  echo "== 10 MB conversions"
  names=(xml-to-binary plistutil-xml-to-binary binary-to-xml plistutil-binary-to-xml)
  cmds=("$p convert binary $mix.xml -o $out" "plistutil -i $mix.xml -o $out -f bin"
    "$p convert xml $mix.bin -o $out" "plistutil -i $mix.bin -o $out -f xml")
  rotated scale-convert 3 1 5
  echo "== 10 MB conversions, the hard mix"
  local hard=bench/data/hard-10
  names=(hard-xml-to-binary plistutil-hard-xml-to-binary hard-binary-to-xml
    plistutil-hard-binary-to-xml hard-sorted-binary-to-xml plistutil-hard-sorted-binary-to-xml)
  cmds=("$p convert binary $hard.xml -o $out" "plistutil -i $hard.xml -o $out -f bin"
    "$p convert xml $hard.bin -o $out" "plistutil -i $hard.bin -o $out -f xml"
    "$p convert xml $hard-sorted.bin -o $out" "plistutil -i $hard-sorted.bin -o $out -f xml")
  rotated scale-hard 3 1 5
  memory_bench "$p" "$W"
  echo "== callgrind"
  cg() { callgrind_count bench/results/scale-callgrind.txt "$@"; }
  XDG_CONFIG_HOME=$W/small cg read-small "$p" read com.example.bench Key
  cg noop-static "$noop"
  cg noop-concurrency "$noop_concurrency"
  cg read-xml "$p" read "$W/big-xml" Key
  cg read-binary "$p" read "$W/big-bin" Key
  cg git-get git config --file "$W/big.gitconfig" --get bench.key
  "$p" write "$W/big-xml" Key -int 0 && cg write-xml "$p" write "$W/big-xml" Key -int 1
  "$p" write "$W/big-bin" Key -int 0 && cg write-binary "$p" write "$W/big-bin" Key -int 1
  cg git-set git config --file "$W/big.gitconfig" bench.key 0
  XDG_CONFIG_HOME=$S/many cg domains "$p" domains
  cg ls ls -1 "$S/many"
  XDG_CONFIG_HOME=$S/many cg find "$p" find pigeon
  cg grep grep -ril pigeon "$S/many"
  cg xml-to-binary "$p" convert binary "$mix.xml" -o "$out"
  cg binary-to-xml "$p" convert xml "$mix.bin" -o "$out"
  cg hard-xml-to-binary "$p" convert binary "$hard.xml" -o "$out"
  cg hard-binary-to-xml "$p" convert xml "$hard.bin" -o "$out"
  cg hard-sorted-binary-to-xml "$p" convert xml "$hard-sorted.bin" -o "$out"
  python3 bench/report.py scale >bench/results/scale.md
  cat bench/results/scale.md
)

# Peak RSS (GNU time) of `convert` on every path, 4 input formats × 4 output formats, 10 MB
# inputs: the mix as XML, binary and JSON for XML, binary and JSON output; OpenStep holds only
# strings, data, arrays and dictionaries, so OpenStep input and output use the mix with every
# other scalar as a string (bench/openstep_mix.py), in all four formats.
memory_bench() ( # plistctl workdir
  local p=$1 W=$2 mix=bench/data/mix-10 out=/tmp/plistctl-memory.out
  [ -d /dev/shm ] && [ -w /dev/shm ] && out=/dev/shm/plistctl-memory.out
  [ -f "$mix.xml" ] || python3 bench/generate.py 10 "$mix"
  mkdir -p "$W" bench/results
  "$p" convert json "$mix.xml" -o "$W/mix-10.json"
  python3 bench/openstep_mix.py "$mix.xml" "$W/strings-10.xml"
  "$p" convert binary "$W/strings-10.xml" -o "$W/strings-10.binary"
  "$p" convert json "$W/strings-10.xml" -o "$W/strings-10.json"
  "$p" convert openstep "$W/strings-10.xml" -o "$W/strings-10.openstep"
  echo "== peak memory, every conversion"
  : >bench/results/scale-memory.txt
  local from to in
  for from in xml binary json openstep; do
    for to in xml binary json openstep; do
      case $from:$to in
        openstep:* | *:openstep) in=$W/strings-10.$from ;;
        xml:*) in=$mix.xml ;;
        binary:*) in=$mix.bin ;;
        json:*) in=$W/mix-10.json ;;
      esac
      /usr/bin/time -f "%M" -o "$W/rss" "$p" convert "$to" "$in" -o "$out"
      echo "$from-to-$to $(cat "$W/rss") $(stat -c %s "$in")" >>bench/results/scale-memory.txt
    done
  done
  rm -f "$out"
)

# The compatibility modes' start-up (issue 28): each run through a link named as the tool,
# to a fresh copy of plistctl, on a real app's Info.plist (from the test corpus) and on the
# latency bench's 21-key domain file, which plistctl wrote; against `read D` and `read D K`
# of that domain. Interleaved rounds, the order rotated; callgrind counts the instructions.
tools_bench() (
  install_missing valgrind valgrind
  local W=$PWD/bench/data/tools p links
  rm -rf "$W" && mkdir -p "$W/config"
  rm -f bench/results/tools-*
  p=$(fresh_copy "$PLISTCTL")
  links=$(dirname "$p")/links
  rm -rf "$links" && mkdir -p "$links"
  ln -s "$(realpath "$p")" "$links/plutil"
  ln -s "$(realpath "$p")" "$links/PlistBuddy"
  export XDG_CONFIG_HOME=$W/config HOME=$W
  for i in $(seq 1 20); do "$p" write com.example.bench "Key$i" -string "value $i"; done
  "$p" write com.example.bench Key -int 1
  local domain=$W/config/com.example.bench.plist info=$W/Info.plist
  cp Tests/PlistCoreTests/Fixtures/corpus/real/info_aris_Info.plist "$info"
  echo "== start-up of the modes"
  names=(read-domain read-key plutil-info buddy-info plutil-domain buddy-domain)
  cmds=("$p read com.example.bench" "$p read com.example.bench Key"
    "$links/plutil -extract CFBundleVersion raw $info"
    "$links/PlistBuddy -c 'Print :CFBundleVersion' $info"
    "$links/plutil -extract Key raw $domain" "$links/PlistBuddy -c 'Print :Key' $domain")
  prepares=()
  rotated tools 10 10 100
  echo "== callgrind"
  cg() { callgrind_count bench/results/tools-callgrind.txt "$@"; }
  cg read-domain "$p" read com.example.bench
  cg read-key "$p" read com.example.bench Key
  cg plutil-info "$links/plutil" -extract CFBundleVersion raw "$info"
  cg buddy-info "$links/PlistBuddy" -c "Print :CFBundleVersion" "$info"
  cg plutil-domain "$links/plutil" -extract Key raw "$domain"
  cg buddy-domain "$links/PlistBuddy" -c "Print :Key" "$domain"
  python3 bench/report.py tools >bench/results/tools.md
  cat bench/results/tools.md
)

case "${1:-all}" in
  convert) convert ;;
  latency) latency ;;
  latency-in-session) latency_in_session ;;
  defaults) defaults_bench ;;
  cloud) cloud_bench ;;
  scale) scale_bench ;;
  memory) memory_bench "${MEMORY_PLISTCTL:-$PLISTCTL}" /tmp/plistctl-memory &&
    python3 bench/report.py memory ;;
  race) race ;;
  tools) tools_bench ;;
  all) convert && latency && defaults_bench && cloud_bench && scale_bench && tools_bench ;;
  *) echo "usage: bench/run.sh [convert|latency|defaults|cloud|scale|memory|race|tools|all]" >&2; exit 64 ;;
esac
