#!/usr/bin/env bash
# make stress: plistctl under the faults outside testing found (issue 11), on the release
# build, each checked and counted; not part of the test suite (it takes a minute or two).
#   - writers killed with SIGKILL at random moments while writing a 5 MB domain: how many
#     temporary files are left (at most one: the next write's name), and none after one
#     more write; SIGTERM and SIGINT leave none at all;
#   - `convert --in-place` racing writers: how many acknowledged writes are lost (none);
#   - a FIFO as a domain file, `/dev/zero`, an endless standard input: each fails at once
#     with one line;
#   - `ulimit -n 3`: one line naming the cause (the static binary reads its arguments
#     from /proc/self/cmdline; a debug build's dynamic loader fails before plistctl runs);
#   - a lock holder stopped with SIGSTOP: a write gives up after PLISTCTL_LOCK_TIMEOUT,
#     naming it.
#   - cloud syncs over git killed at random moments (SIGKILL, SIGTERM or SIGINT; plistctl
#     alone, its git living on, or with its whole process group) while two machines write:
#     no acknowledged write is lost, and after one more sync each both hold every key.
# STRESS_KILLS sets how many writers are killed (default 300), STRESS_CLOUD_KILLS how many
# syncs (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${STRESS_KILLS:-300}

swift build -c release --product plistctl >/dev/null
plistctl=$(swift build -c release --show-bin-path)/plistctl
work=$(mktemp -d)
holder=0
trap '[ "$holder" = 0 ] || { kill -CONT "$holder"; pkill -P "$holder"; }; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config HOME=$work
mkdir -p "$XDG_CONFIG_HOME"
failures=0
check() { # description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
temporaries() { find "$XDG_CONFIG_HOME" -name '*.plistctl-new*' | wc -l; }

# A 5 MB domain: writing it takes long enough for a kill to land inside the write.
python3 - "$work/big.plist" <<'EOF'
import plistlib, sys
with open(sys.argv[1], "wb") as out:
    plistlib.dump({f"key{i:06}": "x" * 40 for i in range(100_000)}, out)
EOF
"$plistctl" import big "$work/big.plist"

# SIGKILL at random moments; count the kills that land while the temporary file exists.
landed=0
for i in $(seq 1 "$kills"); do
  "$plistctl" write big "killed$i" -int "$i" &
  pid=$!
  sleep "0.0$((RANDOM % 60 + 10))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ "$(temporaries)" -gt 0 ]; then landed=$((landed + 1)); fi
done
left=$(temporaries)
echo "after $kills SIGKILLs ($landed left a temporary file behind them): $left left at the end"
check "at most one temporary file after the kills" test "$left" -le 1
"$plistctl" write big after -int 1
check "no temporary file after the next write" test "$(temporaries)" -eq 0
check "the domain still parses" "$plistctl" read big after

# SIGTERM and SIGINT: the handler removes the temporary file.
for signal in TERM INT; do
  for i in $(seq 1 30); do
    "$plistctl" write big "$signal$i" -int "$i" &
    pid=$!
    sleep "0.0$((RANDOM % 60 + 10))"
    kill -"$signal" "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  check "no temporary file after 30 SIG$signal" test "$(temporaries)" -eq 0
done

# convert --in-place racing writers: every acknowledged write is in the file at the end.
"$plistctl" write race seed -int 0
acknowledged=$work/acknowledged
: >"$acknowledged"
(for i in $(seq 1 300); do
  if "$plistctl" write race "k$i" -int "$i"; then echo "k$i" >>"$acknowledged"; fi
done) &
writers=$!
for i in $(seq 1 100); do
  format=$([ $((i % 2)) = 0 ] && echo xml || echo binary)
  "$plistctl" convert "$format" "$XDG_CONFIG_HOME/race.plist" --in-place
done
wait "$writers"
lost=0
while read -r key; do
  "$plistctl" read race "$key" >/dev/null 2>&1 || lost=$((lost + 1))
done <"$acknowledged"
echo "convert --in-place against $(wc -l <"$acknowledged") acknowledged writes: $lost lost"
check "no acknowledged write lost to convert --in-place" test "$lost" -eq 0

# Files that are not property lists: one line, at once.
mkfifo "$XDG_CONFIG_HOME/fifo.plist"
check "a FIFO domain: read fails at once" \
  sh -c "timeout 5 '$plistctl' read fifo 2>/dev/null; [ \$? -eq 2 ]"
check "a FIFO domain: write fails at once" \
  sh -c "timeout 5 '$plistctl' write fifo k -int 1 2>/dev/null; [ \$? -eq 2 ]"
check "lint /dev/zero stops at the limit" \
  sh -c "timeout 60 '$plistctl' lint /dev/zero 2>/dev/null; [ \$? -eq 2 ]"
check "an endless standard input stops at the limit" \
  sh -c "yes | timeout 60 '$plistctl' lint - 2>/dev/null; [ \$? -eq 2 ]"

# Out of file descriptors: one line saying so, not "no command given".
message=$(sh -c "ulimit -n 3; exec '$plistctl' read race seed" 2>&1 || true)
echo "ulimit -n 3: $message"
check "out of descriptors is one clear line" \
  sh -c "echo '$message' | grep -q 'Too many open files'"

# A stopped lock holder.
flock "$XDG_CONFIG_HOME" sleep 600 &
holder=$!
while flock -n "$XDG_CONFIG_HOME" true; do sleep 0.01; done
kill -STOP "$holder"
start=$(date +%s%N)
message=$(PLISTCTL_LOCK_TIMEOUT=2 "$plistctl" write race stopped -int 1 2>&1 || true)
elapsed=$((($(date +%s%N) - start) / 1000000))
echo "$message (after $elapsed ms)"
check "a stopped lock holder is named, and the write gives up" \
  sh -c "echo '$message' | grep -q 'which is stopped; giving up'"
kill -CONT "$holder"
pkill -P "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
holder=0

# Cloud syncs killed at random moments, by each signal, alone or with their git.
cloud_kills=${STRESS_CLOUD_KILLS:-60}
git init -q --bare -b main "$work/store.git"
machine() { # number, then plistctl's arguments
  local home=$work/machine$1
  shift
  mkdir -p "$home"
  HOME=$home XDG_CONFIG_HOME=$home/config XDG_STATE_HOME=$home/state \
    XDG_DATA_HOME=$home/data "$plistctl" "$@"
}
for number in 1 2; do machine "$number" cloud attach s --git "file://$work/store.git"; done
acknowledged=()
for i in $(seq 1 "$cloud_kills"); do
  number=$((i % 2 + 1))
  if machine "$number" cloud set s "k$i" -int "$i"; then acknowledged+=("k$i"); fi
  # A session of its own: the sync is its process group's leader.
  HOME=$work/machine$number XDG_CONFIG_HOME=$work/machine$number/config \
    XDG_STATE_HOME=$work/machine$number/state XDG_DATA_HOME=$work/machine$number/data \
    setsid "$plistctl" cloud sync s >/dev/null 2>&1 &
  sync=$!
  sleep "0.0$((RANDOM % 10))"
  signal=$(shuf -n 1 -e KILL TERM INT)
  if [ $((RANDOM % 2)) = 0 ]; then kill -"$signal" "$sync" 2>/dev/null || true
  else kill -"$signal" -- "-$sync" 2>/dev/null || true; fi
  wait "$sync" 2>/dev/null || true
done
for number in 1 2 1; do machine "$number" cloud sync s >/dev/null; done
for number in 1 2; do
  held=$(machine "$number" cloud list s | sort)
  wanted=$(printf '%s\n' "${acknowledged[@]}" | sort)
  check "machine $number holds all ${#acknowledged[@]} acknowledged keys after $cloud_kills killed syncs" \
    test "$held" = "$wanted"
done

if [ "$failures" -gt 0 ]; then
  echo "stress: $failures check(s) failed"
  exit 1
fi
echo "stress: every check passed"
