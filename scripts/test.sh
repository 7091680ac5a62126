#!/usr/bin/env bash
# Runs the whole test suite: installs what the tests need, starts httpbin on 127.0.0.1, runs
# `swift test` (extra arguments are passed on, e.g. --filter HTTPLoadingTests), stops httpbin.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
eval "$(scripts/start-httpbin.sh)"
trap 'kill "$HTTPBIN_PID" 2>/dev/null || true' EXIT
swift test "$@"
