#!/usr/bin/env bash
# `make test`: the whole suite, then one line that says how many tests ran and how they went.
# The tests are Swift Testing's only, so XCTest's runner is left out (its "Executed 0 tests"
# lines read as if nothing ran). Arguments go to `swift test` (make test TEST_ARGS='--filter
# Completion'); the exit status is swift test's.
#
# A suite that hangs must not hang CI until its own limit, which prints only the end of the
# output: the build has BUILD_TIME_LIMIT seconds (default 1800) and the tests, from the run's
# start, TEST_TIME_LIMIT (default 900; the suite takes about 90 s here). Past either, the
# processes still running are shown (with their threads' stacks where gdb is), then the tests
# that started and never ended, last, and everything is stopped: exit status 124.
set -uo pipefail

log=$(mktemp)
hang=$(mktemp)
trap 'rm -f "$log" "$hang"' EXIT
build_limit=${BUILD_TIME_LIMIT:-1800}
test_limit=${TEST_TIME_LIMIT:-900}

# swift test leads a session of its own, so that it and every process it started (the test
# runner, plistctl, git, tmux clients) can be found and stopped together. Its output is
# appended to the log (swift test relays the runner's two pipes). The runner's stdio holds its
# lines in blocks, so a hung run's last lines may be missing from the list of tests that did
# not end; the threads' stacks name them too. (Line-buffering the runner with stdbuf showed
# them all, but the relay then cut lines into each other: 592 of 691 results were counted.)
setsid "${SWIFT:-swift}" test --disable-xctest "$@" >>"$log" 2>&1 &
group=$!
# Every process of the session: swift test puts the runner (and the build its compilers) in
# process groups of their own, so the session, not the group, holds them all.
stop_all() {
  pkill "-$1" -s "$group" 2>/dev/null
  kill "-$1" "$group" 2>/dev/null
}
# Stopped from outside (CI's own limit, Ctrl-C): the session goes too.
trap 'stop_all KILL; exit 130' INT TERM HUP
tail -n +1 -f --pid="$group" "$log" &
shown=$!

# The tests named in Swift Testing's "◇ Test NAME started." lines with no "✔/✘ Test NAME
# passed/failed/… " line of their own yet (a name may start several times, in several suites).
unfinished() {
  awk '
    /^[^ ]+ Test run / { next }
    /^[^ ]+ Test case / { next }
    /^◇ Test .* started\.$/ { name = substr($0, index($0, "Test ") + 5); sub(/ started\.$/, "", name); open[name]++; next }
    /^[^ ]+ Test .* (passed|failed|skipped)/ {
      name = substr($0, index($0, "Test ") + 5)
      sub(/ (with [0-9]+ test cases? )?(passed|failed|skipped).*$/, "", name)
      open[name]--
    }
    END { for (name in open) if (open[name] > 0) print "  " name }' "$log" | sort
}

# What is still running, and where its threads wait, then the tests that did not end.
report_hang() {
  echo
  echo "!! $1"
  echo "-- processes still running:"
  ps -o pid,ppid,etime,stat,args -s "$group" | cut -c1-200
  if command -v gdb >/dev/null; then
    for pid in $(ps -o pid= -s "$group"); do
      case "$(ps -o args= -p "$pid")" in
      *PackageTests* | *plistctl* | *UserDefaultsProbe*)
        echo "-- threads of $pid ($(ps -o comm= -p "$pid")):"
        timeout 60 gdb -p "$pid" -batch -ex 'thread apply all bt 10' 2>/dev/null |
          grep -E '^(Thread|#)' | cut -c1-160 | head -120
        ;;
      esac
    done
  fi
  echo "-- tests that started and did not end:"
  unfinished
  echo "!! $1"
}

started=$SECONDS
deadline=$((started + build_limit))
phase=build
status=
while kill -0 "$group" 2>/dev/null; do
  if [ "$phase" = build ] && grep -q '^[^ ]* Test run started' "$log"; then
    phase=tests
    deadline=$((SECONDS + test_limit))
  fi
  if ((SECONDS >= deadline)); then
    if [ "$phase" = build ]; then
      report_hang "swift test did not finish building within ${build_limit} s (BUILD_TIME_LIMIT)"
    else
      report_hang "the tests did not finish within ${test_limit} s (TEST_TIME_LIMIT)"
    fi >"$hang"
    stop_all TERM
    for _ in 1 2 3 4 5 6 7 8 9 10; do pgrep -s "$group" >/dev/null && sleep 1; done
    stop_all KILL
    status=124
    break
  fi
  sleep 2
done
wait "$group"
status=${status:-$?}
wait "$shown" 2>/dev/null

# Swift Testing's result lines: "✔ Test name() passed after …", "… with 9 test cases passed
# after …", "✘ Test name() failed after …", "➜ Test name() skipped: "reason"", and the run's
# own "Test run with N tests in M suites …".
awk -v status="$status" '
  # The run line counts every test; counting result lines instead can come short in a log
  # where swift test cut some of them into each other.
  /^[^ ]+ Test run with [0-9]+ tests/ { run = 1; total = $5; next }
  /^[^ ]+ Test run with / { run = 1; next }
  /^[^ ]+ Test case passing / { next }
  /^[^ ]+ Test .* passed after [0-9.]+ seconds/ { passed++; next }
  /^[^ ]+ Test .* failed after [0-9.]+ seconds/ { failed++; next }
  /^[^ ]+ Test .* skipped/ {
    skipped++
    if (match($0, /skipped: ".*"/)) {
      reason = substr($0, RSTART + 10, RLENGTH - 11)
      if (!(reason in seen)) { seen[reason] = 1; reasons = reasons (reasons ? "; " : "") reason }
    }
  }
  END {
    if (!run) {
      printf "\nTests: none ran to the end (swift test exited with %d; see above).\n", status
      exit
    }
    if (total > passed + failed + skipped) passed = total - failed - skipped
    printf "\nTests: %d ran, %d passed, %d failed", passed + failed, passed, failed
    if (skipped) printf "; %d skipped (%s)", skipped, reasons
    print (failed || status ? "." : ". All passed.")
  }' "$log"
# Last, where a CI log's tail shows it.
cat "$hang"
exit "$status"
