public import Foundation
internal import LemmyAPI

/// Hooks for the MiddlewareIngest benchmark (Benchmarks/); not API. They take and give no Api types.
extension ApiClient {
    /// Decodes a 0.18/0.19 GetPosts response body and merges it into this client's caches,
    /// returning the Post2 models, exactly as ``getPosts(feed:sort:limit:cursor:)`` does after
    /// the network.
    @_spi(Benchmarking)
    public func ingestPostsPage(_ body: Data) throws -> [Post2] {
        let response = try LemmyResponseDecoder.decode(ApiGetPostsResponse.self, from: body, generation: .v3)
        mergeSequence = takeSequence()
        return (consume response).posts.mapInPlace { post2($0) }
    }

    /// Decodes a 0.18/0.19 GetComments response body and merges it into this client's caches,
    /// returning the Comment2 models, exactly as ``getComments(postId:sort:limit:cursor:)`` does
    /// after the network.
    @_spi(Benchmarking)
    public func ingestCommentsPage(_ body: Data) throws -> [Comment2] {
        let response = try LemmyResponseDecoder.decode(ApiGetCommentsResponse.self, from: body, generation: .v3)
        mergeSequence = takeSequence()
        return (consume response).comments.mapInPlace { comment2($0) }
    }

    /// Decodes a 0.18/0.19 GetPosts response body only (the baseline of the benchmark);
    /// returns the number of posts.
    @_spi(Benchmarking)
    public static func decodePostsPageOnly(_ body: Data) throws -> Int {
        try LemmyResponseDecoder.decode(ApiGetPostsResponse.self, from: body, generation: .v3).posts.count
    }
}
