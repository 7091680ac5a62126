import Foundation
import HTTPLoading
import LemmyAPI
import LemmyConformance
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Synchronization
import Testing
import HTTPTypes

/// A request as it left the client: what the outside description judges.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    var query: [(String, String)]
    var body: JSONValue?
    var route: String { "\(method) \(path)" }
}

/// Passes requests on to URLSession and remembers each one as sent.
final class RecordingLoader: HTTPLoader {
    private let next = URLSessionLoader()
    private let recorded = Mutex<[RecordedRequest]>([])

    var requests: [RecordedRequest] { recorded.withLock { $0 } }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let data = request.body.isEmpty ? nil : try? request.body.encode()
        let entry = RecordedRequest(
            method: request.method.rawValue, path: request.pathWithoutQuery,
            query: request.queryItems.map { ($0.name, $0.value ?? "") },
            body: data.flatMap { try? JSONValue.parse($0) })
        recorded.withLock { $0.append(entry) }
        return try await next.load(request)
    }

    func reset(in context: ResetContext) async {
        await next.reset(in: context)
    }
}

/// The client's requests checked against the outside descriptions: the golden requests of
/// LemmyAPITests' RequestEncodingTests, and every request the middleware sends during a
/// representative session (login, site, feed, post, vote, save, comments, reply, search,
/// community, person, account, modlog, logout).
@Suite("Client requests conform to the outside descriptions")
struct RequestConformanceTests {
    /// A descriptor as the raw client sends it to `dialect`: 0.18 carries `auth` in the form.
    static func recorded<R: LemmyRequest>(_ request: R, dialect: LemmyDialect) throws -> RecordedRequest {
        var request = request
        if dialect == .v0_18, var withAuth = request as? any LemmyAuthFieldRequest {
            withAuth.auth = "jwt-token"
            request = withAuth as! R
        }
        let body = try request.jsonBody().map { try JSONValue.parse($0) }
        return RecordedRequest(
            method: R.method.rawValue, path: R.fullPath,
            query: request.queryItems.map { ($0.name, $0.value ?? "") }, body: body)
    }

    /// The golden requests (same forms as RequestEncodingTests), per dialect.
    static func golden(_ dialect: LemmyDialect) throws -> [RecordedRequest] {
        if dialect == .v1_0 {
            var posts = ApiGetPosts()
            posts.type = .moderatorView
            posts.sort = .hot
            posts.showRead = false
            posts.pageCursor = "Pc6/x y"
            return [
                try recorded(LemmyV4.GetPosts(posts), dialect: dialect),
                try recorded(LemmyV4.DeletePost(ApiDeletePost(postId: 7, deleted: true)), dialect: dialect),
                try recorded(LemmyV4.GetSite(), dialect: dialect),
            ]
        }
        var posts = ApiGetPosts()
        posts.type = .all
        posts.sort = .hot
        posts.page = 0
        posts.limit = 20
        posts.savedOnly = false
        posts.communityName = ""
        var comments = ApiGetComments()
        comments.postId = 1_549_703
        comments.sort = .hot
        comments.maxDepth = 8
        comments.type = .all
        var search = ApiSearch()
        search.q = "swift & lemmy"
        search.type = .posts
        return [
            try recorded(LemmyV3.GetPosts(posts), dialect: dialect),
            try recorded(LemmyV3.GetComments(comments), dialect: dialect),
            try recorded(LemmyV3.Search(search), dialect: dialect),
            try recorded(LemmyV3.LikePost(ApiCreatePostLike(postId: 5, score: 1)), dialect: dialect),
            try recorded(LemmyV3.GetSite(), dialect: dialect),
        ]
    }

    @Test(arguments: LemmyDialect.allCases)
    func goldenRequestsConform(_ dialect: LemmyDialect) throws {
        let requests = try Self.golden(dialect)
        let routes = Self.check(requests, dialect: dialect)
        #expect(routes.count == Set(requests.map(\.route)).count)
        print("conformance \(dialect): golden request types validated: \(routes.sorted())")
    }

    @Test(arguments: LemmyDialect.allCases) @MainActor
    func middlewareSessionRequestsConform(_ dialect: LemmyDialect) async throws {
        let server = try await LemmyTestServer.start(dialect: dialect, scale: .tiny)
        let loader = RecordingLoader()
        do {
            let client = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: loader)
            _ = try await client.getSite()
            _ = try await client.getPosts(feed: .all, sort: .hot, limit: 10)
            _ = try await client.getPosts(feed: .community(id: 1), sort: .new, limit: 5)
            let post = try await client.getPost(id: 3)
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(await post.toggleSave() == .confirmed)
            let comments = try await client.getComments(postId: 3)
            if let comment = comments.items.first {
                #expect(await comment.toggleUpvote() == .confirmed)
                _ = try await comment.reply("A reply from the conformance session")
            }
            _ = try await client.search("a")
            _ = try await client.getCommunity(id: 1)
            _ = try await client.getPerson(id: 3)
            _ = try await client.loadAccount()
            _ = try await client.getModlog(cursor: nil)
            try await client.logout()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let requests = loader.requests
        #expect(requests.count > 10)
        let routes = Self.check(requests, dialect: dialect)
        print("conformance \(dialect): middleware request types validated: \(routes.count) \(routes.sorted())")
    }

    /// Every post and comment sort the middleware offers for a dialect, asked of it: the value it
    /// sends must be one that version's description allows.
    @Test(arguments: LemmyDialect.allCases) @MainActor
    func everyOfferedSortIsOneTheVersionHas(_ dialect: LemmyDialect) async throws {
        let loader = RecordingLoader()
        let (postSorts, commentSorts) = try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let postSorts = try await client.supportedPostSorts()
            let commentSorts = try await client.supportedCommentSorts()
            for sort in postSorts {
                _ = try await client.getPosts(feed: .all, sort: sort, limit: 1)
            }
            for sort in commentSorts {
                _ = try await client.getComments(postId: 1, sort: sort, limit: 1)
            }
            return (postSorts, commentSorts)
        }
        let listings = loader.requests.filter { $0.path.hasSuffix("/post/list") || $0.path.hasSuffix("/comment/list") }
        #expect(listings.count == postSorts.count + commentSorts.count)
        let checked = Self.check(listings, dialect: dialect)
        print(
            "conformance \(dialect): \(postSorts.count) post sorts and \(commentSorts.count) comment sorts validated (\(checked.count) routes)"
        )
    }

    /// Checks each request against every description of the dialect; returns the routes checked.
    /// `known` names a client defect being fixed, whose violations are expected failures.
    static func check(
        _ requests: [RecordedRequest], dialect: LemmyDialect,
        known: (RecordedRequest, SchemaViolation) -> String? = { _, _ in nil }
    ) -> Set<String> {
        var routes: Set<String> = []
        let prefix = dialect.generation.pathPrefix
        for request in requests {
            // Version detection asks `/api/v3/site` before it knows the server is 1.0: that
            // request is judged by the 0.19 descriptions, whose API it addresses.
            let probe = !request.path.hasPrefix(prefix + "/") && request.path.hasPrefix("/api/v3/")
            let descriptions = probe ? Descriptions.for(.v0_19) : Descriptions.for(dialect)
            let route =
                probe ? "\(request.method) \(request.path) (version probe)" : request.method + " " + request.path.dropFirst(prefix.count)
            routes.insert(route)
            for description in descriptions {
                var used: Set<String> = []
                let violations = ResponseConformanceTests.unexplained(
                    description.checkRequest(method: request.method, path: request.path, query: request.query, body: request.body),
                    description: description.name, route: route, used: &used)
                let expected = violations.filter { known(request, $0) != nil }
                for line in SchemaViolation.summary(violations.filter { known(request, $0) == nil }) {
                    Issue.record(Comment(rawValue: "\(dialect) request \(route) vs \(description.name): \(line)"))
                }
                for violation in expected {
                    withKnownIssue(Comment(rawValue: known(request, violation) ?? "")) {
                        Issue.record(Comment(rawValue: "\(dialect) request \(route) vs \(description.name): \(violation)"))
                    }
                }
            }
        }
        return routes
    }
}
