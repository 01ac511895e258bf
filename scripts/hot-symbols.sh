#!/usr/bin/env bash
# make hot-symbols: regenerates packaging/hot-symbols.txt, the functions and data the release
# build's linker places first and side by side (Package.swift: lld's --symbol-ordering-file).
#
# Why: a command runs a few hundred functions and touches a few hundred variables scattered
# over a fully static binary's 7.8 MB of text and 2 MB of data, and each page it touches costs
# a page fault (the kernel maps text 64 KB around each). A `read D K` took 143 faults, 72 with
# its symbols together (docs/performance.md).
#
# The list: every function callgrind sees run (mangled names): those of `read D K` and of a
# one-key program on Defaults first (the start-ups that matter most: what only `read` runs,
# then what both run, then what only the program runs), then those of the other
# small-domain commands, then conversions and find; then the variables those two read or
# write, in the same three groups (valgrind's lackey traces the addresses, nm names them). A symbol missing from an
# old list only lands where the linker would have put it: the list needs no update for
# correctness, only for speed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "hot-symbols: needs valgrind" >&2; exit 1; }

# The build reads the list it is about to replace: an empty one will do.
[ -f packaging/hot-symbols.txt ] || : >packaging/hot-symbols.txt
swift build -c release --product plistctl >/dev/null
plistctl=$(swift build -c release --show-bin-path)/plistctl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config HOME=$work
mkdir -p "$XDG_CONFIG_HOME" "$work/runs"

run() { # group, then a plistctl command line
  local group=$1
  shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/runs/$group.%p" \
    "$plistctl" "$@" >/dev/null 2>&1 || true
}
# Function names as callgrind writes them: once, after their number, on fn= or cfn= lines;
# "'2" marks a recursion depth, "(below main)" and bare addresses are not symbols.
names() {
  cat "$work/runs/$1".* | sed -n -E "s/^c?fn=\([0-9]+\) (.*)/\1/p" | sed -E "s/'[0-9]+$//" |
    grep -v -E '^(\(below main\)|0x[0-9a-f]+)$' | sort -u
}

# A small domain as an app leaves it: written, then not touched for two hours.
for i in $(seq 1 20); do "$plistctl" write com.example.hot "Key$i" -string "value $i"; done
"$plistctl" write com.example.hot Key -int 1
touch -d '2 hours ago' "$XDG_CONFIG_HOME/com.example.hot.plist"
run read read com.example.hot Key

run small read com.example.hot
run small read-type com.example.hot Key
run small write com.example.hot Key -int 2
run small write com.example.hot Nested -dict a 1 b 2
run small keys com.example.hot
run small write com.example.hot Words -array-add one two
run small delete com.example.hot Key3
run small domains
run small export com.example.hot "$work/exported.plist"
run small import com.example.other "$work/exported.plist"
run small --version
run small --help
# The compatibility modes reading one value, as scripts do (run as `plistctl plutil`: the
# same functions as through a link, but for the name's check).
cp "$XDG_CONFIG_HOME/com.example.hot.plist" "$work/Info.plist"
run small plutil -extract Key raw "$work/Info.plist"
run small buddy -c "Print :Key" "$work/Info.plist"

# A program reading one key through Defaults (bench/defaults/read_one_key.swift, linked as
# plistctl is, with this list), for apps that link their start-up path the same way.
bin=$(swift build -c release --show-bin-path)
# PlistCore's objects, but those of sources since deleted or renamed, which the build leaves
# behind (they would not link).
objects=()
for object in "$bin"/PlistCore.build/*.swift.o; do
  source=$(basename "$object" .o)
  [ -n "$(find Sources/PlistCore -name "$source" -print -quit)" ] && objects+=("$object")
done
swiftc -O -static-executable -use-ld=lld -Xlinker --symbol-ordering-file=packaging/hot-symbols.txt \
  -Xlinker --no-warn-symbol-ordering -Xlinker --no-rosegment -I "$bin/Modules" \
  bench/defaults/read_one_key.swift "${objects[@]}" -o "$work/read-one-key"
cp "$XDG_CONFIG_HOME/com.example.hot.plist" "$XDG_CONFIG_HOME/com.example.bench.plist"
"$plistctl" write com.example.bench HPMapType -int 2
touch -d '2 hours ago' "$XDG_CONFIG_HOME/com.example.bench.plist"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/runs/defaults.%p" \
  "$work/read-one-key" >/dev/null 2>&1 || true

python3 -c 'import plistlib, sys; plistlib.dump({"k%d" % i: [i, "é %d" % i, 1.5, True, b"x"]
  for i in range(200)}, open(sys.argv[1], "wb"))' "$work/mix.plist"
run other lint "$work/mix.plist"
run other convert binary "$work/mix.plist" -o "$work/mix.bin"
run other convert xml "$work/mix.bin" -o "$work/mix.xml"
run other convert json "$work/mix.plist" -o "$work/mix.json"
run other convert binary "$work/mix.json" -o "$work/mix2.bin"
run other print "$work/mix.bin"
run other find value

# The variables: each load or store whose address falls in a defined data symbol of the
# binary, in the order first touched; of `read D K`, and of the one-key Defaults program.
variables() { # output, then the program's command line
  local output=$1
  shift
  valgrind --tool=lackey --trace-mem=yes --log-file="$work/trace" "$@" >/dev/null 2>&1 || true
  nm -n -S --defined-only "$1" >"$work/symbols"
  python3 - "$work/trace" "$work/symbols" >"$output" <<'PY'
import bisect, sys
symbols = []
for line in open(sys.argv[2]):
    fields = line.split()
    if len(fields) == 4 and fields[2] in "bBdDrRvV":
        symbols.append((int(fields[0], 16), max(int(fields[1], 16), 1), fields[3]))
symbols.sort()
starts = [start for start, _, _ in symbols]
seen = {}
for line in open(sys.argv[1]):
    if line[:2] in (" L", " S", " M"):
        address = int(line.split()[1].split(",")[0], 16)
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < symbols[i][0] + symbols[i][1]:
            seen.setdefault(symbols[i][2], None)
print("\n".join(seen))
PY
}
variables "$work/data-read" "$plistctl" read com.example.hot Key
variables "$work/data-defaults" "$work/read-one-key"

# Two programs that start up fast side by side, `read D K` and the Defaults program, share
# most of what they run: the list gives what only `read` runs, then what both run, then
# what only the Defaults program runs, so that each program's pages lie together.
ordered() { # first program's names, second's
  grep -v -x -F -f "$2" "$1" || true
  grep -x -F -f "$2" "$1" || true
  grep -v -x -F -f "$1" "$2" || true
}

out=packaging/hot-symbols.txt
names read >"$work/read"
names defaults >"$work/defaults"
ordered "$work/read" "$work/defaults" >"$out"
names small | grep -v -x -F -f "$out" >>"$out" || true
names other | grep -v -x -F -f "$out" >>"$out" || true
functions=$(wc -l <"$out")
ordered "$work/data-read" "$work/data-defaults" | grep -v -x -F -f "$out" >>"$out" || true
# The build does not know the list is an input of the link: the binary is removed and linked
# again, now with the new list, so that the release binary at hand is the one the list is for.
rm -f "$plistctl"
swift build -c release --product plistctl >/dev/null
echo "hot-symbols: $functions functions and $(($(wc -l <"$out") - functions)) variables in $out"
