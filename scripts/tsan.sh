#!/usr/bin/env bash
# Runs the suites that exercise concurrency under the thread sanitizer, in a build folder of its
# own (.build-tsan). Fails on any ThreadSanitizer report, and on a run longer than 30 minutes (about 2 here).
# Extra arguments go to `swift test`. CI runs it after scripts/test.sh.
#
# TSAN_SUITES picks the suites (default: HTTPLoadingTests|FeedLoadingTests|LemmyMiddlewareTests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# halt_on_error would stop at the first report; instead every report is printed and counted.
# scripts/tsan-suppressions.txt lists the third-party false positives left out, each with why.
status=0
TSAN_OPTIONS="${TSAN_OPTIONS:-} second_deadlock_stack=1 suppressions=$(pwd)/scripts/tsan-suppressions.txt" TEST_LOG="$log" \
    scripts/run-tests-bounded.sh 1800 --skip-build --sanitize=thread --scratch-path .build-tsan \
    --filter "${TSAN_SUITES:-HTTPLoadingTests|FeedLoadingTests|LemmyMiddlewareTests}" "$@" || status=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "tsan: $(grep -c 'WARNING: ThreadSanitizer' "$log") ThreadSanitizer report(s)" >&2
    exit 1
fi
exit "$status"
