#!/bin/sh
# Fuzzes LemmyMiddleware's decoding and merging with libFuzzer (Swift on Linux: -sanitize=fuzzer).
#
#   scripts/fuzz.sh [SECONDS]     # default 300; FUZZ_JOBS=2 runs that many workers
#
# Builds the `lemmy-fuzz` target into .build-fuzz with the fuzzer instrumentation, then runs it
# on a working corpus (.build-fuzz/corpus, not committed) seeded from the committed corpus in
# Tests/LemmyMiddlewareTests/FuzzCorpus. An input is one selector byte (low bits: the response
# type, see FuzzHarness.kinds; bit 7: /api/v4) then the body. The seed-* files are real answers
# of `lemmy serve --scale tiny` in each dialect. A crash is written to that directory as
# crash-<hash>: fix it, keep the file (FuzzCorpusTests replays every file there in `swift test`),
# and commit both.
set -eu
cd "$(dirname "$0")/.."
duration=${1:-300}
jobs=${FUZZ_JOBS:-1}
corpus=Tests/LemmyMiddlewareTests/FuzzCorpus

swift build --product lemmy-fuzz --build-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DLEMMY_FUZZING
mkdir -p .build-fuzz/corpus
# With more than one job libFuzzer forks workers, each logging to .build-fuzz/fuzz-<n>.log.
parallel=""
if [ "$jobs" -gt 1 ]; then parallel="-jobs=$jobs -workers=$jobs"; fi
cd .build-fuzz
exec ./debug/lemmy-fuzz corpus "../$corpus" $parallel \
    -max_total_time="$duration" -max_len=262144 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="../$corpus/crash-" -print_final_stats=1
