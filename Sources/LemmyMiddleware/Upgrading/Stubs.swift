public import Foundation
internal import LemmyAPI

/// Tier 0 of a post: only its ActivityPub id and a client. ``upgrade()`` resolves it.
@MainActor public struct PostStub {
    /// The client to resolve through.
    public let api: ApiClient
    /// The ActivityPub id.
    public let actorId: URL

    /// Creates a stub.
    public init(api: ApiClient, actorId: URL) {
        self.api = api
        self.actorId = actorId
    }

    /// Resolves the post (one ResolveObject request): a ``Post2``.
    public func upgrade() async throws(ApiClientError) -> any Post {
        guard case .post(let view)? = try await api.resolve(actorId) else { throw .lemmy(.couldntFindObject) }
        return api.post2(view)
    }
}

/// Tier 0 of a person: only its ActivityPub id and a client. ``upgrade()`` resolves it.
@MainActor public struct PersonStub {
    /// The client to resolve through.
    public let api: ApiClient
    /// The ActivityPub id.
    public let actorId: URL

    /// Creates a stub.
    public init(api: ApiClient, actorId: URL) {
        self.api = api
        self.actorId = actorId
    }

    /// Resolves the person (one ResolveObject request): a ``Person2``.
    public func upgrade() async throws(ApiClientError) -> any Person {
        guard case .person(let view)? = try await api.resolve(actorId) else { throw .lemmy(.couldntFindObject) }
        return api.person2(view)
    }
}

/// Tier 0 of a community: only its ActivityPub id and a client. ``upgrade()`` resolves it.
@MainActor public struct CommunityStub {
    /// The client to resolve through.
    public let api: ApiClient
    /// The ActivityPub id.
    public let actorId: URL

    /// Creates a stub.
    public init(api: ApiClient, actorId: URL) {
        self.api = api
        self.actorId = actorId
    }

    /// Resolves the community (one ResolveObject request): a ``Community2``.
    public func upgrade() async throws(ApiClientError) -> any Community {
        guard case .community(let view)? = try await api.resolve(actorId) else { throw .lemmy(.couldntFindObject) }
        return api.community2(view)
    }
}

/// Tier 0 of a comment: only its ActivityPub id and a client. ``upgrade()`` resolves it.
@MainActor public struct CommentStub {
    /// The client to resolve through.
    public let api: ApiClient
    /// The ActivityPub id.
    public let actorId: URL

    /// Creates a stub.
    public init(api: ApiClient, actorId: URL) {
        self.api = api
        self.actorId = actorId
    }

    /// Resolves the comment (one ResolveObject request): a ``Comment2``.
    public func upgrade() async throws(ApiClientError) -> any Comment {
        guard case .comment(let view)? = try await api.resolve(actorId) else { throw .lemmy(.couldntFindObject) }
        return api.comment2(view)
    }
}

/// What ResolveObject found.
enum ResolvedObject {
    case post(ApiPostView)
    case comment(ApiCommentView)
    case person(ApiPersonView)
    case community(ApiCommunityView)
}

extension ApiClient {
    /// Resolves an ActivityPub id (0.18/0.19 need a signed-in account for remote objects).
    func resolve(_ actorId: URL) async throws(ApiClientError) -> ResolvedObject? {
        let form = ApiResolveObject(q: actorId.absoluteString)
        if try await generation() == .v4 {
            switch try await send(LemmyV4.ResolveObject(form), mutation: false) {
            case .post(let view): return .post(view)
            case .comment(let view): return .comment(view)
            case .person(let view): return .person(view)
            case .community(let view): return .community(view)
            default: return nil
            }
        }
        let response = try await send(LemmyV3.ResolveObject(form), mutation: false)
        if let post = response.post { return .post(post) }
        if let comment = response.comment { return .comment(comment) }
        if let person = response.person { return .person(person) }
        if let community = response.community { return .community(community) }
        return nil
    }
}
