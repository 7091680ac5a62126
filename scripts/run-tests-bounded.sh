#!/usr/bin/env bash
# Runs `swift test ARGS...` for at most SECONDS (the first argument), printing its output as it
# comes. A run that outlives it is stopped, and the tests that started and never finished are
# named: a hung test otherwise shows up only as CI's own timeout, with nothing to say which.
# Used by scripts/test.sh and scripts/tsan.sh; the output is kept in $TEST_LOG when set.
set -euo pipefail
seconds=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=${TEST_LOG:-$work/log}
status=0
timeout --kill-after=30 "$seconds" swift test "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    # swift test may leave its test process behind when stopped.
    pkill -KILL -f 'PackageTests\.xctest' || true
    echo "tests: stopped after ${seconds} s; started and never finished:" >&2
    started=$work/started
    finished=$work/finished
    sed -n 's/^◇ Test \(.*\) started\.$/\1/p' "$log" | grep -v -e '^case passing ' -e '^run$' | sort -u >"$started" || true
    sed -n -E 's/^(✔|✘|━) Test (.*) (passed|failed) after .*/\2/p' "$log" | sed -E 's/ with [0-9]+ test cases?$//' | sort -u >"$finished" || true
    comm -23 "$started" "$finished" | sed 's/^/  /' >&2
fi
exit "$status"
