#!/usr/bin/env bash
# Runs the whole test suite: installs what the tests need (SQLite headers), then `swift test`
# (extra arguments are passed on, e.g. --filter HTTPLoadingTests). The integration tests start
# their own httpbin in process (Tests/Support/HTTPBinServer); nothing else has to run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift test "$@"
