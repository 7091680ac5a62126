public import Foundation
import InterleavedRounds
@_spi(Benchmarking) public import LemmyMiddleware

/// The 50-post page of the MiddlewareIngest benchmark three ways: decoded only (the baseline),
/// decoded and merged into a client no one used before (first ingest), decoded and merged into a
/// client that holds the page already (re-merge). Shared by MiddlewareIngest, Profile and
/// Instructions.
public enum PageIngests {
    /// The three ways, in the order ``interleaved(_:pages:rounds:)`` runs them.
    public enum Kind: Int, CaseIterable, Sendable {
        case decode, ingest, remerge
    }

    /// Decodes `body` `count` times into LemmyAPI's values only; returns the posts.
    @MainActor
    public static func decodeOnly(_ body: Data, count: Int) throws -> Int {
        var posts = 0
        for _ in 0..<count { posts += try ApiClient.decodePostsPageOnly(body) }
        return posts
    }

    /// A client with empty caches, as a first ingest makes: `name` keeps it apart from every
    /// other (a client is one per instance and account).
    @MainActor
    public static func freshClient(_ name: String) -> ApiClient {
        ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: name)
    }

    /// Decodes and merges `body` `count` times, each into a fresh client made in the loop (as an
    /// app's first page for an account is); `run` keeps the names apart between calls.
    @MainActor
    public static func firstIngest(_ body: Data, count: Int, run: Int) throws -> Int {
        var posts = 0
        for index in 0..<count { posts += try freshClient("fresh-\(run)-\(index)").ingestPostsPage(body).count }
        return posts
    }

    /// Decodes and merges `body` `count` times into `client`, whose caches should hold its models
    /// (see ``warmClient(_:)``); returns the posts.
    @MainActor
    public static func remerge(_ body: Data, count: Int, into client: ApiClient) throws -> Int {
        var posts = 0
        for _ in 0..<count { posts += try client.ingestPostsPage(body).count }
        return posts
    }

    /// A client holding `body`'s models, and the models, which the caller keeps alive (the caches
    /// are weak: unheld models would be merged anew, as in a first ingest).
    @MainActor
    public static func warmClient(_ body: Data) throws -> (ApiClient, [Post2]) {
        let client = freshClient("warm")
        return (client, try client.ingestPostsPage(body))
    }

    /// What ``interleaved(_:pages:rounds:)`` measured.
    public struct Interleaved: Sendable {
        /// Median microseconds a page of each kind took.
        public var decode, ingest, remerge: Double
        /// The medians of each round's ratio of the first ingest's and the re-merge's time to
        /// the decode's, measured back to back in that round.
        public var ingestRatio, remergeRatio: Double
    }

    /// The three kinds taking turns round by round, `pages` pages each a turn: the
    /// package-benchmark targets run one after another, and on a shared two-core machine the
    /// decode's median moved by a third between runs, more than the merge costs.
    @MainActor
    public static func interleaved(_ body: Data, pages: Int, rounds: Int) async throws -> Interleaved {
        let (warm, held) = try warmClient(body)
        var run = 0
        let samples = try await InterleavedRounds.measure(rounds: rounds, kinds: Kind.allCases.count) { kind in
            let posts: Int
            switch Kind(rawValue: kind)! {
            case .decode: posts = try decodeOnly(body, count: pages)
            case .ingest:
                run += 1
                posts = try firstIngest(body, count: pages, run: run)
            case .remerge: posts = try remerge(body, count: pages, into: warm)
            }
            precondition(posts == pages * held.count, "a page lost posts")
        }.seconds
        withExtendedLifetime(held) {}
        let median = InterleavedRounds.median
        let perPage = { (seconds: [Double]) in median(seconds) / Double(pages) * 1e6 }
        return Interleaved(
            decode: perPage(samples[0]), ingest: perPage(samples[1]), remerge: perPage(samples[2]),
            ingestRatio: median(zip(samples[1], samples[0]).map { $0 / $1 }),
            remergeRatio: median(zip(samples[2], samples[0]).map { $0 / $1 }))
    }
}
