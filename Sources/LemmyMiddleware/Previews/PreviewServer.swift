internal import Locking
import Foundation
public import HTTPLoading
import HTTPTypes

/// An in-memory Lemmy 0.19 for SwiftUI previews and tests without a network: a terminal
/// `HTTPLoader` that answers the requests an ``ApiClient`` sends from canned data,
/// so a model made with a sample constructor (`Post2.sample(api:...)` and the others) behaves
/// as a live one: a vote toggles and the counts change, save toggles, and a failure
/// scripted with ``failNext(_:path:)`` rolls the model back.
///
/// <!-- sample: doc-previewserver -->
/// ```swift
/// let api = ApiClient.preview()
/// let post = Post2.sample(api: api, title: "Hello")
/// api.previewServer?.failNext(.lemmy("rate_limit_error"), path: "/post/like")
/// await post.toggleUpvote()   // shows at once, then rolls back
/// ```
///
/// It serves, under `/api/v3`: `GET /site` (the version only), `GET /post`, `GET /post/list`,
/// `POST /post/like`, `PUT /post/save`, `GET /comment/list`, `POST /comment/like`,
/// `PUT /comment/save` and `GET /community`, over what the sample constructors registered. Any
/// other request is answered 404, as a server without the route would.
public final class PreviewServer: HTTPLoader {
    /// A failure to answer a request with instead of its normal answer.
    public enum Failure: Sendable, Hashable {
        /// HTTP 400 with Lemmy's `{"error": code}` body, e.g. `"couldnt_like_post"`.
        case lemmy(String)
        /// An HTTP status with an empty body, e.g. 503.
        case status(Int)
        /// The server cannot be reached (`LoadError.Code.cannotConnect`).
        case unreachable
    }

    typealias Object = PreviewFixtures.Object

    private struct State {
        var posts: [Int: Object] = [:]
        var comments: [Int: Object] = [:]
        var communities: [Int: Object] = [:]
        var failures: [(failure: Failure, path: String?)] = []
        var requests: [String] = []
    }

    private let state = Locked(State())

    /// The version the server reports.
    public let version: String

    /// Creates an empty server reporting `version` (a 0.19 version: the canned answers are 0.19's).
    public init(version: String = "0.19.3") {
        self.version = version
    }

    /// Answers the next request (to `path` below `/api/v3`, such as `"/post/like"`, or to any
    /// path when nil) with `failure`. Scripted failures are used in the order they were added.
    public func failNext(_ failure: Failure, path: String? = nil) {
        state.withLock { $0.failures.append((failure, path)) }
    }

    /// Every request received, as `"METHOD /path"`, in order of arrival.
    public var receivedRequests: [String] { state.withLock { $0.requests } }

    // MARK: Registration (by the sample constructors)

    func register(postView: Object) {
        guard let id = (postView["post"] as? Object)?["id"] as? Int else { return }
        state.withLock { $0.posts[id] = postView }
    }

    func register(commentView: Object) {
        guard let id = (commentView["comment"] as? Object)?["id"] as? Int else { return }
        state.withLock { $0.comments[id] = commentView }
    }

    func register(communityView: Object) {
        guard let id = (communityView["community"] as? Object)?["id"] as? Int else { return }
        state.withLock { $0.communities[id] = communityView }
    }

    // MARK: HTTPLoader

    /// Answers `request` from the canned data, or with the next scripted failure for its path.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        if Task.isCancelled { throw LoadError(.cancelled, request: request) }
        let path = request.pathWithoutQuery
        let route = path.hasPrefix("/api/v3") ? String(path.dropFirst("/api/v3".count)) : path
        let method = request.method.rawValue
        let failure = state.withLock { state -> Failure? in
            state.requests.append("\(method) \(path)")
            guard let index = state.failures.firstIndex(where: { $0.path == nil || $0.path == route }) else { return nil }
            return state.failures.remove(at: index).failure
        }
        switch failure {
        case .lemmy(let code): return Self.json(["error": code], status: .badRequest, for: request)
        case .status(let status): return LoadResponse(request: request, status: HTTPResponse.Status(code: status))
        case .unreachable: throw LoadError(.cannotConnect, request: request, message: "the preview server is scripted unreachable")
        case nil: break
        }
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let body = ((try? request.body.encode()).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? Object) ?? [:]
        guard let answer = answer(method: request.method, route: route, query: query, body: body) else {
            return LoadResponse(request: request, status: .notFound)
        }
        return Self.json(answer.object, status: answer.status, for: request)
    }

    /// Holds no per-session state to forget.
    public func reset(in context: ResetContext) async {
        _ = context.claim(self)
    }

    // MARK: Routes

    private func answer(method: HTTPRequest.Method, route: String, query: [String: String], body: Object)
        -> (object: Object, status: HTTPResponse.Status)?
    {
        let notFound: (Object, HTTPResponse.Status) = (["error": "couldnt_find_object"], .notFound)
        switch (method, route) {
        case (.get, "/site"):
            return (["version": version], .ok)
        case (.get, "/post"):
            guard let id = query["id"].flatMap(Int.init) else { return notFound }
            return state.withLock { state in
                guard let view = state.posts[id] else { return notFound }
                let communityId = (view["community"] as? Object)?["id"] as? Int ?? 0
                let community =
                    state.communities[communityId]
                    ?? PreviewFixtures.communityView(
                        community: view["community"] as? Object ?? [:], subscribers: 0, posts: 0,
                        subscribed: false)
                return (["post_view": view, "community_view": community, "moderators": [Object](), "cross_posts": [Object]()], .ok)
            }
        case (.get, "/post/list"):
            let limit = query["limit"].flatMap(Int.init) ?? 20
            let page = max(1, query["page"].flatMap(Int.init) ?? 1)
            let communityId = query["community_id"].flatMap(Int.init)
            let posts = state.withLock { state in
                state.posts.keys.sorted(by: >).compactMap { state.posts[$0] }.filter { view in
                    communityId == nil || (view["community"] as? Object)?["id"] as? Int == communityId
                }
            }
            let start = min(posts.count, (page - 1) * limit)
            return (["posts": Array(posts[start..<min(posts.count, start + limit)])], .ok)
        case (.post, "/post/like"):
            return vote(in: \.posts, id: body["post_id"] as? Int, score: body["score"] as? Int, answerKey: "post_view")
        case (.put, "/post/save"):
            return save(in: \.posts, id: body["post_id"] as? Int, saved: body["save"] as? Bool, answerKey: "post_view")
        case (.get, "/comment/list"):
            let postId = query["post_id"].flatMap(Int.init)
            let comments = state.withLock { state in
                state.comments.keys.sorted().compactMap { state.comments[$0] }.filter { view in
                    postId == nil || (view["post"] as? Object)?["id"] as? Int == postId
                }
            }
            return (["comments": comments], .ok)
        case (.post, "/comment/like"):
            return vote(in: \.comments, id: body["comment_id"] as? Int, score: body["score"] as? Int, answerKey: "comment_view")
        case (.put, "/comment/save"):
            return save(in: \.comments, id: body["comment_id"] as? Int, saved: body["save"] as? Bool, answerKey: "comment_view")
        case (.get, "/community"):
            guard let id = query["id"].flatMap(Int.init) else { return notFound }
            return state.withLock { state in
                guard let view = state.communities[id] else { return notFound }
                return (["community_view": view, "moderators": [Object](), "discussion_languages": [Int]()], .ok)
            }
        default:
            return nil
        }
    }

    /// Sets the account's vote on a post or comment view, moving its counts as Lemmy does.
    private func vote(in table: WritableKeyPath<State, [Int: Object]>, id: Int?, score: Int?, answerKey: String)
        -> (object: Object, status: HTTPResponse.Status)
    {
        guard let id, let score, (-1...1).contains(score) else { return (["error": "couldnt_like_post"], .badRequest) }
        return state.withLock { state in
            guard var view = state[keyPath: table][id] else { return (["error": "couldnt_find_object"], .notFound) }
            let previous = view["my_vote"] as? Int ?? 0
            var counts = view["counts"] as? Object ?? [:]
            var upvotes = counts["upvotes"] as? Int ?? 0
            var downvotes = counts["downvotes"] as? Int ?? 0
            if previous == 1 { upvotes -= 1 } else if previous == -1 { downvotes -= 1 }
            if score == 1 { upvotes += 1 } else if score == -1 { downvotes += 1 }
            counts["upvotes"] = upvotes
            counts["downvotes"] = downvotes
            counts["score"] = upvotes - downvotes
            view["counts"] = counts
            view["my_vote"] = score
            state[keyPath: table][id] = view
            return ([answerKey: view], .ok)
        }
    }

    private func save(in table: WritableKeyPath<State, [Int: Object]>, id: Int?, saved: Bool?, answerKey: String)
        -> (object: Object, status: HTTPResponse.Status)
    {
        guard let id, let saved else { return (["error": "couldnt_save_post"], .badRequest) }
        return state.withLock { state in
            guard var view = state[keyPath: table][id] else { return (["error": "couldnt_find_object"], .notFound) }
            view["saved"] = saved
            state[keyPath: table][id] = view
            return ([answerKey: view], .ok)
        }
    }

    private static func json(_ object: Object, status: HTTPResponse.Status, for request: LoadRequest) -> LoadResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return LoadResponse(request: request, status: status, headerFields: [.contentType: "application/json"], body: body)
    }
}
