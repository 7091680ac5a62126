import FeedWorkloads
import Foundation
import HTTPLoading
import IngestWorkloads
import LemmyAPI
@_spi(Benchmarking) import LemmyMiddleware
import LoaderChains
import LemmyTestServer
import ScrollWorkloads

// A fixed amount of work whose instructions `scripts/instructions.sh` counts with
// `valgrind --tool=callgrind`. Counts are repeatable on a busy machine, where wall times are not.
// Not linked with package-benchmark, whose malloc interposer valgrind cannot run.
//   Instructions chain COUNT             COUNT requests through the full chain over a terminal answering at once
//   Instructions terminal COUNT          the same requests through that terminal alone
//   Instructions chain-without LINK COUNT   the chain without one loader (LINK: log, resetGuard, environment,
//                                       deduplication, throttle, retry, bearerAuth, redirect), for that loader's own cost
//   Instructions decode posts|comments FILE COUNT   COUNT typed decodes (LemmyResponseDecoder) of the
//                                                   GetPosts or GetComments answer in FILE
//   Instructions serialize FILE COUNT               COUNT JSONSerialization.jsonObject of the same bytes
//   Instructions ingest FILE COUNT      COUNT decodes of a 0.18/0.19 GetPosts answer, each merged into a
//                                       client made beforehand with empty caches (the first ingest)
//   Instructions remerge FILE COUNT     COUNT decodes of it merged into one client that holds it already
//   Instructions ingest-comments|remerge-comments FILE COUNT   the same with a 0.18/0.19 GetComments answer
//   Instructions clients COUNT          COUNT clients made, as the first ingest makes them
//   Instructions fetcher COUNT          COUNT loops over the in-memory 10,000-item fetcher (FeedLoaderOverhead's baseline)
//   Instructions feed plain|filtered COUNT   COUNT FeedLoader scrolls of it, without or with the 4 filters
//   Instructions scroll raw|models|feed|rawOnMain|rawList COUNT   COUNT 10,000-post scrolls (FeedScroll's) of an
//                                       in-process LemmyTestServer through the raw client, ApiClient or PostFeed,
//                                       or the raw client read from the main actor, dropping or keeping its posts
//   Instructions loopback direct|terminal|chain|defaultChain URL [CONCURRENCY] COUNT   COUNT GETs of URL/hello, CONCURRENCY (1) at a time, through
//                                       AsyncHTTPClient used directly, its terminal, the full chain or LemmyKit's default chain over it

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, let count = arguments.last.flatMap(Int.init) else {
    FileHandle.standardError.write(
        Data(
            ("usage: Instructions chain|terminal|clients|fetcher COUNT | chain-without LINK COUNT | feed plain|filtered COUNT"
                + " | scroll raw|models|feed|rawOnMain|rawList COUNT | decode posts|comments FILE COUNT | serialize|ingest|remerge|ingest-comments|remerge-comments FILE COUNT | loopback direct|terminal|chain|defaultChain URL [CONCURRENCY] COUNT\n")
                .utf8))
    exit(2)
}
switch mode {
case "chain", "terminal":
    print("\(await CannedRequests.send(count, chained: mode == "chain")) bytes")
case "chain-without":
    guard arguments.count == 3, let link = Chains.Link(rawValue: arguments[1]) else {
        let links = Chains.Link.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("usage: Instructions chain-without \(links) COUNT\n".utf8))
        exit(2)
    }
    print("\(await CannedRequests.send(count, chained: true, omitting: [link])) bytes")
case "decode", "serialize":
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.count - 2]))
    let kind: Work.Payload = mode == "serialize" ? .untyped : arguments[1] == "comments" ? .comments : .posts
    print("\(try Work.decode(data, count, as: kind)) values")
case "ingest", "remerge", "ingest-comments", "remerge-comments":
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.count - 2]))
    print("\(try Ingest.run(data, count, fresh: mode.hasPrefix("ingest"), comments: mode.hasSuffix("comments"))) items")
case "clients":
    print("\(Ingest.makeClients(count).count) clients")
case "loopback":
    guard arguments.count == 4 || arguments.count == 5, let server = URL(string: arguments[2]),
        let kind = InterleavedLoopback.Kind(rawValue: arguments[1]),
        let concurrency = arguments.count == 5 ? Int(arguments[3]) : 1
    else {
        FileHandle.standardError.write(
            Data("usage: Instructions loopback direct|terminal|chain|defaultChain URL [CONCURRENCY] COUNT\n".utf8))
        exit(2)
    }
    try await InterleavedLoopback.send(count, through: kind, to: server, concurrency: concurrency)
    print("\(count) requests")
case "scroll":
    guard arguments.count == 3, let kind = PostScrolls.Kind(rawValue: arguments[1]) else {
        FileHandle.standardError.write(Data("usage: Instructions scroll raw|models|feed|rawOnMain|rawList COUNT\n".utf8))
        exit(2)
    }
    let server = try await PostScrolls.startServer()
    var posts = 0
    for _ in 0..<count { posts += try await PostScrolls.scroll(kind, server.baseURL).ids.count }
    await server.stop()
    print("\(posts) posts")
case "fetcher":
    var items = 0
    for _ in 0..<count { items += await FeedScrolls.fetchDirectly() }
    print("\(items) items")
case "feed":
    var items = 0
    for _ in 0..<count { items += await FeedScrolls.scroll(filtered: arguments[1] == "filtered") }
    print("\(items) items")
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}

/// The decoding workload.
enum Work {
    /// What to decode the bytes as: a typed answer, or JSONSerialization's untyped objects.
    enum Payload { case posts, comments, untyped }

    /// Decodes `data` `count` times; returns how many posts, comments or top-level keys it saw.
    static func decode(_ data: Data, _ count: Int, as payload: Payload) throws -> Int {
        var values = 0
        for _ in 0..<count {
            switch payload {
            case .untyped: values += (try JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
            case .comments:
                values += try LemmyResponseDecoder.decode(ApiGetCommentsResponse.self, from: data, generation: .v3).comments.count
            case .posts: values += try LemmyResponseDecoder.decode(ApiGetPostsResponse.self, from: data, generation: .v3).posts.count
            }
        }
        return values
    }
}

/// The middleware's merge of a page into its caches.
@MainActor
enum Ingest {
    /// Clients with empty caches, one per ingest: made apart from the ingest so that counting
    /// `clients` alone shows what making them costs.
    @MainActor
    static func makeClients(_ count: Int) -> [ApiClient] {
        (0..<count).map { PageIngests.freshClient("fresh-\($0)") }
    }

    /// Ingests `data` `count` times, each into a fresh client, or all into one client that holds
    /// the page's models already; returns the posts (or the comments, for a GetComments answer).
    @MainActor
    static func run(_ data: Data, _ count: Int, fresh: Bool, comments: Bool = false) throws -> Int {
        comments
            ? try run(count, fresh: fresh) { try $0.ingestCommentsPage(data) }
            : try run(count, fresh: fresh) { try $0.ingestPostsPage(data) }
    }

    /// ``run(_:_:fresh:comments:)`` with the page's ingest (`ingest`, returning its models).
    @MainActor
    private static func run<Model>(_ count: Int, fresh: Bool, _ ingest: (ApiClient) throws -> [Model]) throws -> Int {
        var items = 0
        guard fresh else {
            let client = PageIngests.freshClient("warm")
            let held = try ingest(client)
            return try withExtendedLifetime(held) {
                for _ in 0..<count { items += try ingest(client).count }
                return items
            }
        }
        for client in makeClients(count) { items += try ingest(client).count }
        return items
    }
}
