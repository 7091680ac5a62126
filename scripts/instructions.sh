#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) for the paths issue 15 measures: a request through
# the full loader chain and through its terminal alone (both answering at once, no I/O), each
# loader's own share, a loopback request through AsyncHTTPClient directly, its terminal and the
# chain (the client process's whole cost, event loop included), a typed
# decode beside JSONSerialization of the same bytes, the middleware's merge of a 50-post page
# (first ingest, re-merge), an in-memory FeedLoader scroll beside its fetcher, and the 10,000-post
# scroll through the raw client, ApiClient and PostFeed. Counts repeat to
# a few parts in ten thousand on a busy machine, where wall times do not.
#
#   scripts/instructions.sh
#
# Each figure is (count at 2N - count at N) / N, so start-up cost cancels out. valgrind 3.19
# cannot read Swift 6.3's debug information or run package-benchmark's malloc interposer, so the
# Benchmarks package's `Instructions` executable (which links neither) is relinked here with the
# Swift runtime static and its debug information stripped.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; } >&2
cd Benchmarks
# A fresh plan, so files added to the package since the last build are seen.
touch Package.swift
swift build -c release --product Instructions >&2
swift build -c release --product BenchmarkServer >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
static=/opt/swift/usr/lib/swift_static/linux
[ -d "$static" ] || static=$(dirname "$(command -v swift)")/../lib/swift_static/linux
libs=(FoundationNetworking _CFURLSessionInterface Foundation FoundationInternationalization _FoundationICU FoundationEssentials
    _FoundationCollections _FoundationCShims CoreFoundation swiftSynchronization swiftDispatch swiftObservation)
archives=()
for lib in "${libs[@]}"; do archives+=("$static/lib$lib.a"); done
curl=$(ldconfig -p | awk '/libcurl\.so\.4 / {print $NF; exit}')
swiftc -emit-executable -static-stdlib "@$bin/Instructions.product/Objects.LinkFileList" -o "$work/Instructions" \
    -Xlinker --defsym=main=Instructions_main -Xlinker --start-group "${archives[@]}" -Xlinker --end-group \
    -Xlinker "$curl" -lz 2>&1 | grep -v "mktemp" >&2 || true
strip --strip-debug "$work/Instructions"

# Instructions for ARGS... with COUNT as the last argument.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/Instructions" "$@" 2>&1 |
        awk '/refs:/ {gsub(",", "", $NF); print $NF}'
}
# Instructions per unit of work: (count at 2N - count at N) / N.
per_unit() {
    local n=$1
    shift
    local one two
    one=$(count "$@" "$n")
    two=$(count "$@" "$((2 * n))")
    echo $(((two - one) / n))
}

terminal=$(per_unit 2000 terminal)
chain=$(per_unit 2000 chain)
echo "request through the terminal alone: $terminal instructions"
echo "request through the full chain:     $chain instructions (the chain's own: $((chain - terminal)))"
# Each loader's own cost: the full chain less the chain without it.
own=""
for link in log resetGuard environment deduplication throttle retry bearerAuth redirect; do
    own="$own $link $((chain - $(per_unit 2000 chain-without "$link")))"
done
echo "each loader's own (the chain without it):$own"
# A loopback request, one at a time, through AsyncHTTPClient used directly, its terminal and the
# full chain over it: the client's whole cost, its event loop thread included.
"$bin/BenchmarkServer" hello 0 >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
hello="http://127.0.0.1:$(sed -n 's/listening on //p' "$work/server.log")"
direct=$(per_unit 500 loopback direct "$hello")
ahc=$(per_unit 500 loopback terminal "$hello")
overAHC=$(per_unit 500 loopback chain "$hello")
python3 -c "import sys; d, t, c = map(int, sys.argv[1:4]); print(f'loopback GET, c=1: AsyncHTTPClient directly {d:,} instructions; its terminal {t:,} ({t / d - 1:+.1%}); the full chain over it {c:,} ({c / t - 1:+.1%} over the terminal)')" \
    "$direct" "$ahc" "$overAHC"
for fixture in "comments Tests/Fixtures/lemmy/v0.18/spud_GetCommentsResponse_1549703-hot.json 3" \
    "posts Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json 20" \
    "posts Tests/Fixtures/lemmy/v0.19/lemmykit_GetPostsResponse_0.19.18.json 200"; do
    set -- $fixture
    kind=$1
    shift
    typed=$(per_unit "$2" decode "$kind" "$root/$1")
    # The 50-post page is also the merge's baseline below.
    [ "$(basename "$1")" = posts-0.19-limit50.json ] && decode=$typed
    serialization=$(per_unit "$2" serialize "$root/$1")
    python3 -c "import sys; t, s = int(sys.argv[1]), int(sys.argv[2]); print(f'{sys.argv[3]}: typed decode {t:,} instructions, JSONSerialization {s:,} ({t / s:.2f}x)')" \
        "$typed" "$serialization" "$(basename "$1")"
done
page="$root/Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json"
clients=$(per_unit 20 clients)
ingest=$(( $(per_unit 20 ingest "$page") - clients ))
remerge=$(per_unit 20 remerge "$page")
python3 -c "import sys; d, c, i, r = map(int, sys.argv[1:5]); print(f'50-post page: decode {d:,}; first ingest {i:,} ({i / d:.2f}x) beside {c:,} to make its empty client; re-merge {r:,} ({r / d:.2f}x)')" \
    "$decode" "$clients" "$ingest" "$remerge"
# The FeedLoaderOverhead scroll in memory: its fetcher alone, and the FeedLoader without and with
# the four filters, per item of the 10,000.
fetcher=$(per_unit 2 fetcher)
plain=$(per_unit 2 feed plain)
filtered=$(per_unit 2 feed filtered)
python3 -c "import sys; f, p, q = (int(v) / 10000 for v in sys.argv[1:4]); print(f'10,000-item feed scroll, per item: fetcher {f:,.0f} instructions; FeedLoader without filters {p:,.0f} ({p / f:.2f}x), with the 4 filters {q:,.0f} ({q / f:.2f}x)')" \
    "$fetcher" "$plain" "$filtered"
# The FeedScroll scroll of 10,000 posts from an in-process LemmyTestServer (its cost is in all
# three): the raw client, ApiClient's models, and a PostFeed.
raw=$(per_unit 1 scroll raw)
models=$(per_unit 1 scroll models)
postFeed=$(per_unit 1 scroll feed)
python3 -c "import sys; r, m, f = map(int, sys.argv[1:4]); print(f'10,000-post scroll (server included): raw client {r:,} instructions; ApiClient models {m:,} ({m / r:.2f}x); PostFeed {f:,} ({f / r:.2f}x)')" \
    "$raw" "$models" "$postFeed"
