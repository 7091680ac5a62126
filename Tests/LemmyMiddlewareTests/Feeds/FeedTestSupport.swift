import Foundation
import HTTPLoading
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import Locking
import HTTPTypes

/// A chain for feed tests: the default terminal with no retries, recording every request's path and query.
final class RecordingLoader: HTTPLoader {
    private let next = LemmyRawClient.defaultTerminal()
    private let requests = Locked<[String]>([])

    /// Paths with their queries, in the order they were sent.
    var requested: [String] { requests.withLock { $0 } }

    /// The requests whose path (without query) ends with `suffix`.
    func requests(to suffix: String) -> [String] {
        requested.filter { ($0.split(separator: "?").first.map(String.init) ?? $0).hasSuffix(suffix) }
    }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        requests.withLock { $0.append(request.head.path ?? "") }
        return try await next.load(request)
    }

    func reset(in context: ResetContext) async {
        await next.reset(in: context)
    }
}

/// The server's own order of a community's posts (sort New), read with the raw client in pages
/// of 50, as a reference the feed is compared with.
func serverPostIds(_ server: LemmyTestServer, community: Int, token: String? = nil) async throws -> [Int] {
    let raw = LemmyRawClient(instanceURL: server.baseURL, token: token)
    var form = ApiGetPosts(sort: .new, limit: 50)
    form.communityId = community
    var ids: [Int] = []
    var cursor: LemmyPageCursor?
    repeat {
        let page =
            server.dialect == .v1_0
            ? try await raw.page(LemmyV4.GetPosts(form), at: cursor)
            : try await raw.page(LemmyV3.GetPosts(form), at: cursor)
        ids += page.items.map(\.post.id)
        cursor = page.items.isEmpty ? nil : page.next
    } while cursor != nil
    return ids
}

/// The id of the seeded community with the most posts, and how many it has.
@MainActor
func busiestCommunity(_ client: ApiClient) async throws -> Int {
    let posts = try await client.getPosts(feed: .all, sort: .new, limit: 50).items
    let counts = Dictionary(grouping: posts, by: \.communityId).mapValues(\.count)
    return counts.max { $0.value < $1.value }!.key
}
