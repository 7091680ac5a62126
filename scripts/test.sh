#!/usr/bin/env bash
# Runs the whole test suite: installs what the tests need (SQLite headers), then `swift test`
# (extra arguments are passed on, e.g. --filter HTTPLoadingTests). The integration tests start
# their own httpbin in process (Tests/Support/HTTPBinServer); nothing else has to run.
# The build comes first, so that the tests' own run can be bounded: 20 minutes (about 80 s here),
# after which the tests still running are named (scripts/run-tests-bounded.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift build --build-tests
scripts/run-tests-bounded.sh 1200 --skip-build "$@"
