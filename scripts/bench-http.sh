#!/usr/bin/env bash
# HTTPLoading benchmarks: chain overhead over a mock terminal and over a loopback server, each
# terminal's requests per second at concurrency 1 and 16, and wrk on the same endpoint.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; } >&2
swift build -c release --product BenchmarkServer >&2
swift build -c release --product HTTPLoadingBenchmarks >&2
bin=$(swift build -c release --show-bin-path)
log=$(mktemp)
"$bin/BenchmarkServer" 0 > "$log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
port=$(sed -n 's/listening on //p' "$log")
url="http://127.0.0.1:$port"
echo "== wrk on $url/hello (3 runs each, 5 s)"
for connections in 1 16; do
    for run in 1 2 3; do
        rps=$(wrk -t "$([ "$connections" = 1 ] && echo 1 || echo 2)" -c "$connections" -d 5s "$url/hello" | awk '/Requests\/sec/ {print $2}')
        echo "wrk c=$connections run $run: $rps req/s"
    done
done
"$bin/HTTPLoadingBenchmarks" "$url"
