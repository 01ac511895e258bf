#!/usr/bin/env bash
# `make test`: the whole suite, then one line that says how many tests ran and how they went.
# The tests are Swift Testing's only, so XCTest's runner is left out (its "Executed 0 tests"
# lines read as if nothing ran). Arguments go to `swift test` (make test TEST_ARGS='--filter
# Completion'); the exit status is swift test's.
set -uo pipefail

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test --disable-xctest "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# Swift Testing's result lines: "✔ Test name() passed after …", "… with 9 test cases passed
# after …", "✘ Test name() failed after …", "➜ Test name() skipped: "reason"", and the run's
# own "Test run with N tests in M suites …".
awk -v status="$status" '
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
      printf "\nTests: none ran (swift test exited with %d before running them; see above).\n", status
      exit
    }
    printf "\nTests: %d ran, %d passed, %d failed", passed + failed, passed, failed
    if (skipped) printf "; %d skipped (%s)", skipped, reasons
    print (failed || status ? "." : ". All passed.")
  }' "$log"
exit "$status"
