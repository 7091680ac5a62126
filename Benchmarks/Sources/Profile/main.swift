import FeedLoading
import FeedWorkloads
import Foundation
import HTTPLoading
import IngestWorkloads
import InterleavedRounds
import LoaderChains
import ScrollWorkloads

// A fixed amount of work to profile (`perf record -g`, or `valgrind --tool=callgrind` where
// valgrind runs Swift 6.3 binaries; 3.19 does not):
//   Profile chain COUNT      COUNT requests through the full chain over a terminal answering at once
//   Profile terminal COUNT   the same requests through that terminal alone
//   Profile feed COUNT       COUNT in-memory 10,000-item FeedLoader scrolls with the 4 benchmark filters
//   Profile fetcher COUNT    COUNT loops over the same fetcher
//   Profile feeds ROUNDS     the fetcher, FeedLoader without and with the filters, taking turns for
//                            ROUNDS rounds: median milliseconds a scroll of each, and the median of
//                            each round's loader / fetcher ratios (scripts/bench.sh)
//   Profile scrolls ROUNDS   the 10,000-post scroll of FeedScroll (raw client, ApiClient models, PostFeed,
//                            the raw client read from the main actor, and the same keeping its posts)
//                            taking turns for ROUNDS rounds against one in-process LemmyTestServer:
//                            median milliseconds a scroll, and the medians of each round's ratios to
//                            the three raw clients (scripts/bench.sh)
//   Profile ingest FILE ROUNDS the 50-post page in FILE decoded, first ingested and re-merged (MiddlewareIngest),
//                            40 pages each a turn, taking turns for ROUNDS rounds: median microseconds a page,
//                            and the medians of each round's ratios to the decode (scripts/bench.sh)
//   Profile loopback URL COUNT CONCURRENCY ROUNDS
//                            AsyncHTTPClient direct, its loader, the full chain and LemmyKit's default chain over it, taking
//                            turns against the `BenchmarkServer hello` at URL (scripts/bench.sh); an optional
//                            last argument, e.g. `log,deduplication`, leaves those loaders out of the full chain,
//                            and `only:retry` keeps the environment and those alone (a loader's own cost).
//                            A second line gives each client's CPU time and context switches a request
//                            (getrusage, the whole process)

/// Each kind's CPU time and context switches, for the line after a turn-taking run's medians.
func describe(_ usages: [ProcessUsage], _ kinds: [String]) -> String {
    zip(kinds, usages).map { kind, usage in
        String(
            format: "%@ %.1f+%.1f CPU µs %.2f+%.2f switches", kind, usage.userMicroseconds, usage.systemMicroseconds,
            usage.voluntarySwitches, usage.involuntarySwitches)
    }.joined(separator: ", ")
}

let usage =
    "usage: Profile chain|terminal|feed|fetcher|feeds|scrolls COUNT | ingest FILE ROUNDS | loopback URL COUNT CONCURRENCY ROUNDS [LINK,...|only:LINK,...]\n"
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 3, arguments[0] == "ingest", let rounds = Int(arguments[2]) {
    let body = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    let result = try await PageIngests.interleaved(body, pages: 40, rounds: rounds)
    print(
        String(
            format: "decode %.1f µs, first ingest %.1f µs, re-merge %.1f µs a page; round ratios ingest %.3fx, re-merge %.3fx",
            result.decode, result.ingest, result.remerge, result.ingestRatio, result.remergeRatio))
    exit(0)
}
if arguments.count == 5 || arguments.count == 6, arguments[0] == "loopback", let server = URL(string: arguments[1]),
    let count = Int(arguments[2]), let concurrency = Int(arguments[3]), let rounds = Int(arguments[4])
{
    // `only:LINK,...` keeps the environment (without which no request has a URL) and those loaders.
    let links = arguments.count == 6 ? arguments[5] : ""
    let names = links.dropFirst(links.hasPrefix("only:") ? 5 : 0).split(separator: ",")
    let named = Set(names.compactMap { Chains.Link(rawValue: String($0)) })
    guard named.count == Set(names).count else {
        let known = Chains.Link.allCases.map(\.rawValue).joined(separator: ",")
        FileHandle.standardError.write(Data("unknown loader in \(links); the loaders: \(known)\n".utf8))
        exit(2)
    }
    let omitting = links.hasPrefix("only:") ? Set(Chains.Link.allCases).subtracting(named).subtracting([.environment]) : named
    let result = try await InterleavedLoopback.run(
        server: server, count: count, concurrency: concurrency, rounds: rounds, omitting: omitting)
    print(
        String(
            format: "direct %.1f µs, terminal %.1f µs, chain %.1f µs, default chain %.1f µs a request", result.direct, result.terminal,
            result.chain, result.defaultChain))
    // The whole process's CPU and context switches a request, on a line of its own: the line
    // above is the one scripts/bench.sh reads its four medians from.
    print(
        "usage a request (user+system; voluntary+involuntary): " + describe(result.usage, InterleavedLoopback.Kind.allCases.map(\.rawValue))
    )
    exit(0)
}
guard arguments.count == 2, let count = Int(arguments[1]) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
switch arguments[0] {
case "chain", "terminal":
    print("\(count) requests, \(await CannedRequests.send(count, chained: arguments[0] == "chain")) bytes")
case "feed":
    var total = 0
    for _ in 0..<count { total += await FeedScrolls.scroll(filtered: true) }
    print("\(count) scrolls, \(total) items")
case "feeds":
    let result = await FeedScrolls.interleaved(rounds: count)
    print(
        String(
            format: "fetcher %.2f ms, plain %.2f ms, filtered %.2f ms a scroll; round ratios plain %.3fx, filtered %.3fx",
            result.fetcher, result.plain, result.filtered, result.plainRatio, result.filteredRatio))
case "scrolls":
    let result = try await PostScrolls.interleaved(rounds: count)
    print(
        String(
            format:
                "raw client %.1f ms, ApiClient models %.1f ms, PostFeed %.1f ms a scroll; round ratios models %.3fx, PostFeed %.3fx; raw client on the main actor %.1f ms, round ratios models %.3fx, PostFeed %.3fx; raw client keeping its posts %.1f ms, round ratios models %.3fx, PostFeed %.3fx",
            result.raw, result.models, result.feed, result.modelsRatio, result.feedRatio, result.rawOnMain, result.modelsOnMainRatio,
            result.feedOnMainRatio, result.rawList, result.modelsListRatio, result.feedListRatio))
    print("usage a page (user+system; voluntary+involuntary): " + describe(result.usage, PostScrolls.Kind.allCases.map(\.rawValue)))
case "fetcher":
    var total = 0
    for _ in 0..<count { total += await FeedScrolls.fetchDirectly() }
    print("\(count) loops, \(total) items")
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
