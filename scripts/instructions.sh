#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) for the paths issue 15 measures: a request through
# the full loader chain and through its terminal alone (both answering at once, no I/O), each
# loader's own share, a loopback request through AsyncHTTPClient directly, its terminal and the
# chain (the client process's whole cost, event loop included; one at a time, and 16 at a time
# with the slabs of async frames their tasks took from malloc), a typed
# decode beside JSONSerialization of the same bytes, the middleware's merge of a 50-post page and
# of the 811 KB comment page (first ingest, re-merge), an in-memory FeedLoader scroll beside its fetcher, and the 10,000-post
# scroll through the raw client (dropping or keeping its posts), ApiClient and PostFeed, with its
# executor jobs a page (hops between threads: scripts/callgrind-calls.py), and the test server's
# cost of a GetPosts (limit 20, counted in the BenchmarkServer process alone). Counts repeat to
# a few parts in ten thousand on a busy machine, where wall times do not; the scrolls, which count
# an in-process server's threads too, to a few parts in a thousand, with an occasional run 4% off,
# so each of their counts is the median of three runs.
#
#   scripts/instructions.sh                 the working tree's counts
#   scripts/instructions.sh --against REV   the same counts for REV too (`main`, a tag, a commit),
#                                           measured beside them, and a table of the changes
#
# Each figure is (count at 2N - count at N) / N, so start-up cost cancels out. valgrind 3.19
# cannot read Swift 6.3's debug information or run package-benchmark's malloc interposer, so the
# Benchmarks package's `Instructions` executable (which links neither) is relinked here with the
# Swift runtime static and its debug information stripped. With `--against`, REV's is built in the
# worktree of scripts/against-worktree.sh and both are counted at once (valgrind runs one thread at
# a time, and counts do not depend on load), against one loopback server and the same fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
against=""
if [ "${1:-}" = "--against" ]; then against=${2:?"--against needs a revision, e.g. main"}; fi
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; } >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Builds the executable $3 (default Instructions) of the checkout at $1 and relinks it statically
# at $2.
build_instructions() {
    local bin product=${3:-Instructions}
    # A fresh plan, so files added to the package since the last build are seen.
    touch "$1/Benchmarks/Package.swift"
    (cd "$1/Benchmarks" && swift build -c release --product "$product" >&2)
    bin=$(cd "$1/Benchmarks" && swift build -c release --show-bin-path)
    local static=/opt/swift/usr/lib/swift_static/linux
    [ -d "$static" ] || static=$(dirname "$(command -v swift)")/../lib/swift_static/linux
    local libs=(FoundationNetworking _CFURLSessionInterface Foundation FoundationInternationalization _FoundationICU
        FoundationEssentials _FoundationCollections _FoundationCShims CoreFoundation swiftSynchronization swiftDispatch
        swiftObservation)
    local archives=() lib curl
    for lib in "${libs[@]}"; do archives+=("$static/lib$lib.a"); done
    # awk reads to the end: leaving early could stop ldconfig with SIGPIPE, which pipefail makes
    # this script's exit (status 141, after the builds and with no output).
    curl=$(ldconfig -p | awk '/libcurl\.so\.4 / && !found {print $NF; found = 1}')
    swiftc -emit-executable -static-stdlib "@$bin/$product.product/Objects.LinkFileList" -o "$2" \
        -Xlinker --defsym=main="${product}_main" -Xlinker --start-group "${archives[@]}" -Xlinker --end-group \
        -Xlinker "$curl" -lz 2>&1 | grep -v "mktemp" >&2 || true
    strip --strip-debug "$2"
}

build_instructions "$root" "$work/now"
build_instructions "$root" "$work/now.server" BenchmarkServer
(cd Benchmarks && swift build -c release --product BenchmarkServer >&2)
server_bin=$(cd Benchmarks && swift build -c release --show-bin-path)/BenchmarkServer
if [ -n "$against" ]; then
    tree=$(scripts/against-worktree.sh "$against")
    build_instructions "$tree" "$work/base"
    build_instructions "$tree" "$work/base.server" BenchmarkServer
fi

# A loopback server for both tools: only the client process is counted.
"$server_bin" hello 0 >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
hello="http://127.0.0.1:$(sed -n 's/listening on //p' "$work/server.log")"

# Writes `NAME INSTRUCTIONS` lines for every figure, counted with the tool at $1, to $1.counts.
# A figure the tool cannot count (a command an older revision lacks) is left out.
measure() {
    local tool=$1 counted=""
    # Instructions for ARGS... with COUNT as the last argument; nothing if the tool failed (valgrind
    # still counts the instructions of a usage message).
    count() {
        local out
        out=$(valgrind --tool=callgrind --callgrind-out-file="$tool.callgrind" "$tool" "$@" 2>&1) || return 0
        awk '/refs:/ {gsub(",", "", $NF); print $NF}' <<<"$out"
    }
    # NAME, then the tool's arguments: (count at 2N - count at N) / N, so start-up cost cancels out.
    # The run at N keeps its callgrind output as $tool.first.callgrind, for `executor_jobs`.
    figure() {
        local name=$1 n=$2 one two
        shift 2
        one=$(count "$@" "$n")
        mv -f "$tool.callgrind" "$tool.first.callgrind" 2>/dev/null || true
        two=$(count "$@" "$((2 * n))")
        counted=""
        if [ -n "$one" ] && [ -n "$two" ]; then
            echo "$name $(((two - one) / n))"
            counted=1
        fi
    }
    # NAME, REPEATS, N, then the tool's arguments: `figure`, with each of the two counts the median
    # of REPEATS runs. For the scrolls, whose whole-process counts include an in-process server's
    # threads: now and then one run is about 30 M instructions (4%) off the others, in either
    # direction, which a single pair of runs reports as a change of the figure.
    median_figure() {
        local name=$1 repeats=$2 n=$3 one two i
        shift 3
        median() { sort -n | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}'; }
        one=$(for ((i = 0; i < repeats; i++)); do count "$@" "$n"; done | median)
        mv -f "$tool.callgrind" "$tool.first.callgrind" 2>/dev/null || true
        two=$(for ((i = 0; i < repeats; i++)); do count "$@" "$((2 * n))"; done | median)
        counted=""
        if [ -n "$one" ] && [ -n "$two" ]; then
            echo "$name $(((two - one) / n))"
            counted=1
        fi
    }
    # How many more calls of each FUNCTION (scripts/callgrind-calls.py's names) the last figure's
    # second run made than its first, a line each.
    added_calls() {
        local script="$root/scripts/callgrind-calls.py"
        paste <(python3 "$script" "$tool.first.callgrind" "$@") <(python3 "$script" "$tool.callgrind" "$@") | awk '{print $2 - $1}'
    }
    # The executor jobs the last figure added (hops between threads, which cost far more time than
    # their instructions): NAME_global and NAME_main.
    executor_jobs() {
        [ -n "$counted" ] || return 0
        paste -d' ' <(printf '%s\n' "$1_global" "$1_main") <(added_calls swift_task_enqueueGlobal _dispatch_main_queue_push)
    }
    # The slabs of async frames that tasks' allocators took from malloc in the last figure: NAME.
    task_slabs() {
        [ -n "$counted" ] || return 0
        echo "$1 $(added_calls "malloc<swift::StackAllocator")"
    }
    figure terminal 2000 terminal
    figure chain 2000 chain
    # Each loader's own cost: the full chain less the chain without it.
    for link in log resetGuard environment deduplication throttle retry bearerAuth redirect; do
        figure "without_$link" 2000 chain-without "$link"
    done
    # A loopback request, one at a time, through AsyncHTTPClient used directly, its terminal, the
    # full chain and LemmyKit's default chain over it: the client's whole cost, its event loop
    # thread included.
    for client in direct terminal chain defaultChain; do figure "loopback_$client" 500 loopback "$client" "$hello"; done
    # The terminal and the full chain with 16 requests in flight, each in a task of its own, as an
    # app's requests are: each task's allocator mallocs the slabs its async frames take (a request
    # sent one after another reuses one task's), so a chain whose frames are large pays for it here.
    for client in terminal chain; do
        figure "loopback16_$client" 800 loopback "$client" "$hello" 16
        task_slabs "slabs16_$client"
    done
    local fixture kind file n
    for fixture in "comments Tests/Fixtures/lemmy/v0.18/spud_GetCommentsResponse_1549703-hot.json 3" \
        "posts Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json 20" \
        "posts Tests/Fixtures/lemmy/v0.19/lemmykit_GetPostsResponse_0.19.18.json 200"; do
        read -r kind file n <<<"$fixture"
        figure "decode_$(basename "$file")" "$n" decode "$kind" "$root/$file"
        figure "serialize_$(basename "$file")" "$n" serialize "$root/$file"
    done
    local page="$root/Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json"
    figure clients 20 clients
    figure ingest_and_client 20 ingest "$page"
    figure remerge 20 remerge "$page"
    # The 811 KB comment page (198 comments of one post, by 130 people): its post and community,
    # named in every comment, are merged once an answer.
    local comments="$root/Tests/Fixtures/lemmy/v0.18/spud_GetCommentsResponse_1549703-hot.json"
    figure ingest_comments_and_client 3 ingest-comments "$comments"
    figure remerge_comments 3 remerge-comments "$comments"
    # The FeedLoaderOverhead scroll in memory (10,000 items): its fetcher alone, and the FeedLoader
    # without and with the four filters.
    figure fetcher 2 fetcher
    figure feed_plain 2 feed plain
    figure feed_filtered 2 feed filtered
    # The FeedScroll scroll of 10,000 posts from an in-process LemmyTestServer (its cost is in all
    # four): the raw client, the same from the main actor keeping its posts (a list's baseline),
    # ApiClient's models, and a PostFeed. Beside its instructions, the executor jobs of a scroll
    # (its 200 pages): each is a hop between threads, which costs far more time than its
    # instructions show.
    for kind in raw rawList models feed; do
        median_figure "scroll_$kind" 3 1 scroll "$kind"
        executor_jobs "jobs_$kind"
    done
    server_figure getposts20 "/api/v3/post/list?limit=20"
}

# NAME PATH: the test server's instructions a GET of PATH (the BenchmarkServer's LemmyTestServer,
# 0.19, small seed, relinked as $tool.server), counted in the server process alone: after a
# warm-up, callgrind's counts are zeroed, N requests sent on one connection and the counts dumped,
# then the same for 2N, and the figure is the difference over N.
server_figure() {
    local name=$1 path=$2 n=50 log pid port url one two
    log="$tool.server.log"
    valgrind --tool=callgrind --callgrind-out-file="$tool.server.callgrind" "$tool.server" lemmy small 0 >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 1200); do grep -q "listening on" "$log" && break; sleep 0.2; done
    port=$(sed -n 's/listening on //p' "$log")
    [ -n "$port" ] || { kill "$pid" 2>/dev/null; return 0; }
    url="http://127.0.0.1:$port$path"
    # COUNT requests on one connection, bodies discarded.
    requests() { for _ in $(seq 1 "$1"); do printf '%s\n' "url = \"$url\"" "output = /dev/null"; done | curl -s -K -; }
    dumped() {
        callgrind_control -z "$pid" >/dev/null 2>&1
        requests "$1"
        callgrind_control -d "$pid" >/dev/null 2>&1
        local file
        file=$(ls -t "$tool.server.callgrind".* | head -1)
        grep -E "^(summary|totals):" "$file" | head -1 | awk '{print $2}'
        rm -f "$file"
    }
    requests 10
    one=$(dumped "$n")
    two=$(dumped "$((2 * n))")
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true
    rm -f "$tool.server.callgrind"*
    echo "server_$name $(((two - one) / n))"
}

if [ -n "$against" ]; then
    measure "$work/base" >"$work/base.counts" &
    base_job=$!
    measure "$work/now" >"$work/now.counts"
    wait "$base_job"
else
    measure "$work/now" >"$work/now.counts"
fi
touch "$work/base.counts"
python3 "$root/scripts/instructions-report.py" "$work/now.counts" "$work/base.counts" "$against"
