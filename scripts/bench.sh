#!/usr/bin/env bash
# Every LemmyKit benchmark, from the Benchmarks/ package (ordo-one/benchmark), plus wrk on the same
# loopback servers, then issue 15's table: each ratio is computed from medians measured in this
# run, each against its baseline measured in the same process (package-benchmark target) or, for
# wrk, in this script against the same server.
#
#   scripts/bench.sh                 everything (about 10 minutes on two cores, after the build)
#   scripts/bench.sh --no-build      skip `swift build` (the release build is current)
#   scripts/bench.sh --against REV   also REV's package-benchmark targets (`main`, a tag, a commit),
#                                    built in the worktree of scripts/against-worktree.sh and run
#                                    just before the working tree's, then their medians compared
#   BENCH_FILTER=REGEX scripts/bench.sh   only the package-benchmark targets matching REGEX
#
# Prints each benchmark's medians (wall time, CPU time, allocations, instructions: the last is 0
# where the kernel has no performance counters, as in most VMs), the table, and the load average
# before and after. The package-benchmark runs are stored as its baselines `current` (and
# `against`), so `swift package benchmark baseline compare against current` in Benchmarks/ shows
# every percentile; their percentiles stay in Benchmarks/.bench-results/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=1
against=""
while [ $# -gt 0 ]; do
    case $1 in
    --no-build) build=0 ;;
    --against) against=${2:?"--against needs a revision, e.g. main"} && shift ;;
    *) echo "bench.sh: unknown argument $1" >&2 && exit 1 ;;
    esac
    shift
done
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; } >&2

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
if [ -n "$against" ]; then
    tree=$(scripts/against-worktree.sh "$against")
    (cd "$tree/Benchmarks" && swift build -c release >&2)
fi
cd Benchmarks
# A fresh plan (as scripts/instructions.sh makes): a plan kept from a build before a source file
# was removed still lists it, and the build stops on the missing input.
if [ "$build" = 1 ]; then touch Package.swift && swift build -c release >&2; fi
bin=$(swift build -c release --show-bin-path)
results="$root/Benchmarks/.bench-results"
rm -rf "$results" && mkdir -p "$results"

servers=()
cleanup() { for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# Starts `BenchmarkServer ARGS...` on a free port; sets $port once it listens.
start_server() {
    local log
    log=$(mktemp)
    "$bin/BenchmarkServer" "$@" >"$log" 2>&1 &
    servers+=($!)
    for _ in $(seq 1 600); do grep -q "listening on" "$log" && break; sleep 0.1; done
    port=$(sed -n 's/listening on //p' "$log")
    [ -n "$port" ] || { cat "$log" >&2; echo "BenchmarkServer $* did not start" >&2; exit 1; }
}

# wrk's requests per second at CONNECTIONS on URL: the median of 3 runs of 5 s. Against the hello
# server it sends the two header fields the chain adds (Chains.baselineEnvironment), as the
# HTTPChain baselines do, so that every client puts the same request on the wire.
wrk_median() {
    local connections=$1 url=$2 threads=2
    shift 2
    [ "$connections" = 1 ] && threads=1
    for _ in 1 2 3; do
        wrk -t "$threads" -c "$connections" -d 5s "$@" "$url" | awk '/Requests\/sec/ {print $2}'
    done | sort -n | sed -n 2p
}
chain_fields=(-H "User-Agent: LemmyKitBench/1" -H "Authorization: Bearer benchmark-token")

echo "== wrk and package-benchmark against BenchmarkServer hello" >&2
start_server hello 0
hello="http://127.0.0.1:$port"
echo "wrk_hello_c1 $(wrk_median 1 "$hello/hello" "${chain_fields[@]}")" >"$results/wrk.txt"
echo "wrk_hello_c16 $(wrk_median 16 "$hello/hello" "${chain_fields[@]}")" >>"$results/wrk.txt"

# Runs the package-benchmark targets of the Benchmarks package at $1, stores the run as its
# baseline $2 and writes the run's percentiles to $results/$2.
run_benchmarks() {
    mkdir -p "$results/$2"
    (
        cd "$1" &&
            LEMMYKIT_BENCH_HELLO_URL=$hello swift package --allow-writing-to-package-directory benchmark baseline update "$2" \
                ${BENCH_FILTER:+--target "$BENCH_FILTER"} --no-progress >&2 &&
            swift package --allow-writing-to-directory "$results" benchmark baseline read "$2" \
                ${BENCH_FILTER:+--target "$BENCH_FILTER"} --no-progress --format histogramPercentiles --path "$results/$2" >/dev/null
    )
}
if [ -n "$against" ]; then
    run_benchmarks "$tree/Benchmarks" against
    # Beside this package's own, for package-benchmark's `baseline compare against current`.
    for stored in "$tree"/Benchmarks/.benchmarkBaselines/*/against; do
        [ -d "$stored" ] || continue
        target=$(basename "$(dirname "$stored")")
        mkdir -p ".benchmarkBaselines/$target" && rm -rf ".benchmarkBaselines/$target/against"
        cp -R "$stored" ".benchmarkBaselines/$target/against"
    done
fi
run_benchmarks . current
# The same clients taking turns, round by round (the benchmarks above run one after
# another, and the machine drifts between them by more than the chain costs).
if [ -z "${BENCH_FILTER:-}" ] || [[ HTTPChain =~ $BENCH_FILTER ]]; then
    # Its first line has the four medians (direct, terminal, full chain, LemmyKit's default chain);
    # its second, each client's CPU time and context switches a request (the whole process's),
    # which tell where the chain's cost at c=16 goes.
    : >"$results/interleaved.txt"
    for run in "1 200" "16 1600"; do
        read -r concurrency count <<<"$run"
        out=$("$bin/Profile" loopback "$hello" "$count" "$concurrency" 9)
        echo "interleaved_c$concurrency $(sed -n 1p <<<"$out")" >>"$results/interleaved.txt"
        echo "usage_c$concurrency $(sed -n 2p <<<"$out" | cut -d: -f2-)" >>"$results/interleaved.txt"
    done
fi
# The FeedLoader and its fetcher taking turns too: the fetcher's time is mostly executor hops,
# which vary twofold from one moment to the next here.
if [ -z "${BENCH_FILTER:-}" ] || [[ FeedLoaderOverhead =~ $BENCH_FILTER ]]; then
    echo "interleaved_feed $("$bin/Profile" feeds 60)" >"$results/interleaved-feed.txt"
fi
# The page decode, first ingest and re-merge taking turns: the decode's median moves by a third
# between package-benchmark runs here, more than the merge costs.
if [ -z "${BENCH_FILTER:-}" ] || [[ MiddlewareIngest =~ $BENCH_FILTER ]]; then
    echo "interleaved_ingest $("$bin/Profile" ingest "$root/Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json" 40)" \
        >"$results/interleaved-ingest.txt"
fi
# The post scrolls (five ways) taking turns against one in-process server, for the same reason.
if [ -z "${BENCH_FILTER:-}" ] || [[ FeedScroll =~ $BENCH_FILTER ]]; then
    echo "interleaved_scroll $("$bin/Profile" scrolls 7)" >"$results/interleaved-scroll.txt"
fi
cleanup
servers=()

echo "== wrk against LemmyTestServer (0.19): GetPosts limit 20" >&2
for scale in small medium; do
    start_server lemmy "$scale" 0
    echo "wrk_getposts_${scale}_c16 $(wrk_median 16 "http://127.0.0.1:$port/api/v3/post/list?limit=20")" >>"$results/wrk.txt"
    cleanup
    servers=()
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

python3 - "$results" "$load_before" "$load_after" <<'PYTHON'
import glob, os, re, sys

results, load_before, load_after = sys.argv[1:4]
scale = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "#": 1, "K": 1e3, "M": 1e6, "G": 1e9}
def read_medians(folder):
    """(target, benchmark) -> {metric: p50} from the percentile files package-benchmark wrote."""
    medians = {}
    for path in glob.glob(os.path.join(folder, "*.histogram.percentiles.tsv")):
        name = os.path.basename(path)[: -len(".histogram.percentiles.tsv")]
        _, target, rest = name.split(".", 2)
        benchmark, metric = rest.rsplit(".", 1)
        with open(path) as f:
            header = f.readline()
            unit = re.search(r"\(([^)]*)\)\s*\*?\s*$", header)
            factor = scale.get(unit.group(1), 1) if unit else 1
            rows = dict(line.split("\t") for line in f.read().split("\n") if "\t" in line)
        medians.setdefault((target, benchmark.replace("_", " ")), {})[metric.replace("_", " ")] = float(rows["50"]) * factor
    return medians

medians = read_medians(os.path.join(results, "current"))
against = read_medians(os.path.join(results, "against"))

wrk = dict(line.split() for line in open(os.path.join(results, "wrk.txt")) if len(line.split()) == 2)

def fmt(value, digits=1):
    return "n/a" if value is None else f"{value:,.{digits}f}"

print("\nMedians per benchmark (per iteration):")
print(f"{'target':<19} {'benchmark':<38} {'wall µs':>11} {'cpu µs':>11} {'mallocs':>9} {'instructions':>13} {'peak RSS MB':>11}")
for (target, benchmark), m in sorted(medians.items()):
    print(
        f"{target:<19} {benchmark:<38} {fmt(m.get('wallClock', 0) / 1e3):>11} {fmt(m.get('cpuTotal', 0) / 1e3):>11}"
        f" {fmt(m.get('mallocCountTotal'), 0):>9} {fmt(m.get('instructions'), 0):>13}"
        f" {fmt(m.get('peakMemoryResident', 0) / 1e6, 0):>11}"
    )

if against:
    def change(old, new):
        return "n/a" if old is None or new is None or old == 0 else f"{(new / old - 1) * 100:+.1f}%"
    print("\nAgainst the revision given (`against`, run just before this tree's): medians per iteration")
    print(f"{'target':<19} {'benchmark':<38} {'wall µs':>11} {'now':>11} {'change':>8} {'mallocs':>9} {'now':>9} {'change':>8}")
    for key in sorted(set(medians) | set(against)):
        old, new = against.get(key, {}), medians.get(key, {})
        ow, nw = old.get("wallClock"), new.get("wallClock")
        om, nm = old.get("mallocCountTotal"), new.get("mallocCountTotal")
        print(
            f"{key[0]:<19} {key[1]:<38} {fmt(None if ow is None else ow / 1e3):>11} {fmt(None if nw is None else nw / 1e3):>11} {change(ow, nw):>8}"
            f" {fmt(om, 0):>9} {fmt(nm, 0):>9} {change(om, nm):>8}"
        )

def wall(target, benchmark):
    value = medians.get((target, benchmark), {}).get("wallClock")
    return value

def ratio(a, b):
    return None if a is None or b is None else a / b

def overhead(target, chain, terminal):
    r = ratio(wall(target, chain), wall(target, terminal))
    return None if r is None else (r - 1) * 100

def rps(benchmark, count):
    w = wall("HTTPChain", benchmark)
    return None if w is None else count / (w / 1e9)

def x(value):
    return "n/a" if value is None else f"{value:.2f}x"

def pct(value):
    return "n/a" if value is None else f"{value:+.1f}%"

scroll_path = os.path.join(results, "interleaved-scroll.txt")
scroll_line = open(scroll_path).read().split(" ", 1)[1].strip() if os.path.exists(scroll_path) else ""
scroll_match = re.search(r"PostFeed ([\d.]+)x", scroll_line)
scroll_rounds = f"{float(scroll_match.group(1)):.2f}x" if scroll_match else "n/a"
# The same scrolls over the raw client read from the main actor, as a view model on it would.
on_main_match = re.search(r"main actor [\d.]+ ms, round ratios models ([\d.]+)x, PostFeed ([\d.]+)x", scroll_line)
on_main_rounds = f"{float(on_main_match.group(2)):.2f}x (ApiClient models {float(on_main_match.group(1)):.2f}x)" if on_main_match else "n/a"
# And over the raw client keeping every post view it scrolled, as a list built on it must.
list_match = re.search(r"keeping its posts [\d.]+ ms, round ratios models ([\d.]+)x, PostFeed ([\d.]+)x", scroll_line)
list_rounds = f"{float(list_match.group(2)):.2f}x (ApiClient models {float(list_match.group(1)):.2f}x)" if list_match else "n/a"
feed_path = os.path.join(results, "interleaved-feed.txt")
feed_line = open(feed_path).read().split(" ", 1)[1].strip() if os.path.exists(feed_path) else ""
feed_match = re.search(r"filtered ([\d.]+)x", feed_line)
feed_rounds = f"{float(feed_match.group(1)):.2f}x" if feed_match else "n/a"
ingest_path = os.path.join(results, "interleaved-ingest.txt")
ingest_line = open(ingest_path).read().split(" ", 1)[1].strip() if os.path.exists(ingest_path) else ""
ingest_match = re.search(r"ingest ([\d.]+)x, re-merge ([\d.]+)x", ingest_line)
ingest_rounds = f"{float(ingest_match.group(1)):.2f}x; {float(ingest_match.group(2)):.2f}x" if ingest_match else "n/a"
wrk16 = float(wrk["wrk_hello_c16"]) if "wrk_hello_c16" in wrk else None
terminal16, direct16 = rps("AHC terminal c16", 1600), rps("AHC direct c16", 1600)
interleaved, usage = {}, {}
if os.path.exists(os.path.join(results, "interleaved.txt")):
    for line in open(os.path.join(results, "interleaved.txt")):
        name, text = line.split(" ", 1)
        if name.startswith("usage_"):
            usage[name] = text.strip()
        else:
            interleaved[name] = dict(zip(["direct", "terminal", "chain", "defaultChain"], map(float, re.findall(r"([\d.]+) µs", text))))

def turns(name, a, b):
    """`a` over `b` in the rounds taken in turns, as a percentage, or n/a."""
    m = interleaved.get(name, {})
    return pct((m[a] / m[b] - 1) * 100) if a in m and b in m else "n/a"

rows = [
    ("typed decode / JSONSerialization, 811 KB 0.18 GetComments", "1.07x",
     x(ratio(wall("LemmyAPIDecoding", "GetComments 811KB typed decode"), wall("LemmyAPIDecoding", "GetComments 811KB JSONSerialization"))), "<= 0.67x"),
    ("typed decode / JSONSerialization, 50-post 0.19 GetPosts", "1.55x",
     x(ratio(wall("LemmyAPIDecoding", "GetPosts 50 posts typed decode"), wall("LemmyAPIDecoding", "GetPosts 50 posts JSONSerialization"))), "<= 0.67x"),
    ("typed decode / JSONSerialization, 6 KB 0.19 GetPosts", "1.60x",
     x(ratio(wall("LemmyAPIDecoding", "GetPosts 6KB typed decode"), wall("LemmyAPIDecoding", "GetPosts 6KB JSONSerialization"))), "<= 0.67x"),
    ("full chain over the AHC terminal, loopback, c=1 / c=16 (benchmarks; taking turns)", "+4.1% / +20.6%",
     f"{pct(overhead('HTTPChain', 'AHC full chain c1', 'AHC terminal c1'))} / {pct(overhead('HTTPChain', 'AHC full chain c16', 'AHC terminal c16'))};"
     f" {turns('interleaved_c1', 'chain', 'terminal')} / {turns('interleaved_c16', 'chain', 'terminal')}", "< 3% / < 3%"),
    ("LemmyKit's default chain (environment, log at debug, retry, deduplication) over the AHC terminal, c=1 / c=16 (taking turns)", "",
     f"{turns('interleaved_c1', 'defaultChain', 'terminal')} / {turns('interleaved_c16', 'defaultChain', 'terminal')}", "(the full chain's: < 3%)"),
    ("AHC terminal vs wrk at c=16 (tiny body); taking turns, terminal time over direct at c=1 / c=16", "26%",
     f"{fmt(None if terminal16 is None or wrk16 is None else terminal16 / wrk16 * 100, 0)}% (AHC direct {fmt(None if direct16 is None or wrk16 is None else direct16 / wrk16 * 100, 0)}%);"
     f" {turns('interleaved_c1', 'terminal', 'direct')} / {turns('interleaved_c16', 'terminal', 'direct')}",
     "at least AHC direct"),
    ("PostFeed / raw client, 10,000-post scroll (0.19, pages of 50) (benchmarks; taking turns)", "1.24x",
     f"{x(ratio(wall('FeedScroll', 'Scroll PostFeed'), wall('FeedScroll', 'Scroll raw client')))}; {scroll_rounds}", "<= 1.10x"),
    ("the same, over the raw client read from the main actor (taking turns)", "", on_main_rounds, "(<= 1.10x)"),
    ("the same, over the raw client keeping the post views it scrolled, as a list must (benchmarks; taking turns)", "",
     f"{x(ratio(wall('FeedScroll', 'Scroll PostFeed'), wall('FeedScroll', 'Scroll raw client list')))}; {list_rounds}", "(<= 1.10x)"),
    ("FeedLoader with 4 filters / fetcher, in memory (benchmarks; interleaved rounds)", "3.14x",
     f"{x(ratio(wall('FeedLoaderOverhead', 'FeedLoader 4 filters'), wall('FeedLoaderOverhead', 'Fetcher called directly')))}; {feed_rounds}",
     "<= 1.30x"),
    ("test server, GetPosts limit 20, c=16 (wrk), medium / small seed", "1,390 req/s",
     f"{fmt(float(wrk['wrk_getposts_medium_c16']) if 'wrk_getposts_medium_c16' in wrk else None, 0)} / {fmt(float(wrk['wrk_getposts_small_c16']) if 'wrk_getposts_small_c16' in wrk else None, 0)} req/s", ">= 5,000 req/s"),
    ("middleware first ingest / decode (50-post page); re-merge / decode (benchmarks; taking turns)", "1.31x",
     f"{x(ratio(wall('MiddlewareIngest', 'Page first ingest'), wall('MiddlewareIngest', 'Page decode only')))}; {x(ratio(wall('MiddlewareIngest', 'Page re-merge'), wall('MiddlewareIngest', 'Page decode only')))};"
     f" taking turns {ingest_rounds}",
     "< 1.5x; re-merge < ingest"),
]
print(f"\n| what | before (issue 15) | now | target |\n|---|---|---|---|")
for what, before, now, target in rows:
    print(f"| {what} | {before} | {now} | {target} |")
print(
    f"\nAHC c=16: terminal {fmt(terminal16, 0)} req/s, direct {fmt(direct16, 0)} req/s, full chain {fmt(rps('AHC full chain c16', 1600), 0)} req/s;"
    f" wrk c=1 {wrk.get('wrk_hello_c1', 'n/a')}, c=16 {wrk.get('wrk_hello_c16', 'n/a')} req/s"
)
print(
    "10,000-post scroll, peak resident memory: "
    + ", ".join(
        f"{name} {fmt(medians.get(('FeedScroll', 'Scroll ' + name), {}).get('peakMemoryResident', 0) / 1e6, 0)} MB"
        for name in ["raw client", "raw client list", "ApiClient models", "PostFeed"]
    )
    + " (no model alive after the feed is dropped: checked by the benchmark)"
)
for name, label in [("interleaved_c1", "c=1"), ("interleaved_c16", "c=16")]:
    if len(interleaved.get(name, {})) == 4:
        m = interleaved[name]
        print(
            f"Interleaved rounds, {label}: direct {m['direct']:.1f} µs, terminal {m['terminal']:.1f} µs, full chain {m['chain']:.1f} µs,"
            f" default chain {m['defaultChain']:.1f} µs a request:"
            f" chain over terminal {(m['chain'] / m['terminal'] - 1) * 100:+.1f}%, terminal over direct {(m['terminal'] / m['direct'] - 1) * 100:+.1f}%"
        )
    if usage.get(name.replace("interleaved_", "usage_")):
        print(f"  the client process a request, {label} (CPU user+system; context switches voluntary+involuntary): {usage[name.replace('interleaved_', 'usage_')]}")
if feed_line:
    print(f"Interleaved feed scrolls (10,000 items): {feed_line}")
if scroll_line:
    print(f"Interleaved post scrolls (10,000 posts): {scroll_line}")
if ingest_line:
    print(f"Interleaved page ingests (50 posts): {ingest_line}")
print(f"load average: before {load_before}, after {load_after} (2 cores)")
PYTHON
