package import Foundation
internal import LemmyAPI

/// What the libFuzzer target (`lemmy-fuzz`, see `scripts/fuzz.sh`) and the corpus replay test run
/// on each input: untrusted bytes decoded as a server answer and merged into live models, then
/// the models' arithmetic exercised. Anything that traps here would crash an app talking to a
/// hostile server.
///
/// An input is one selector byte then the body: the low bits pick the response type (see
/// ``kinds``), bit 7 picks the `/api/v4` generation.
package enum FuzzHarness {
    /// The response types, in selector order.
    package static let kinds = [
        "GetPostsResponse", "GetPostResponse", "GetCommentsResponse", "GetCommunityResponse",
        "GetPersonDetailsResponse", "GetSiteResponse", "GetRepliesResponse",
    ]

    /// Decodes and merges one input; never throws (undecodable input is the normal case).
    /// Returns how many top-level models the input produced.
    @discardableResult
    @MainActor package static func run(_ input: Data) -> Int {
        guard let selector = input.first else { return 0 }
        let body = Data(input.dropFirst())
        let generation: LemmyAPIGeneration = selector & 0x80 != 0 ? .v4 : .v3
        let client = ApiClient(baseURL: URL(string: "http://127.0.0.1:9")!, token: "fuzz", loader: nil)
        // Twice: the second merge goes through the update path, with previous snapshots.
        var merged = 0
        for _ in 0..<2 {
            client.mergeSequence &+= 1
            merged = merge(kind: Int(selector & 0x7F) % kinds.count, body: body, generation: generation, into: client)
        }
        return merged
    }

    @MainActor private static func merge(kind: Int, body: Data, generation: LemmyAPIGeneration, into client: ApiClient) -> Int {
        func decode<T: Decodable>(_ type: T.Type) -> T? {
            try? LemmyResponseDecoder.decode(type, from: body, generation: generation)
        }
        switch kind {
        case 0:
            // `/api/v4` pages lists as `items`.
            let posts =
                generation == .v4
                ? decode(ApiPagedResponse<ApiPostView>.self)?.items ?? []
                : decode(ApiGetPostsResponse.self)?.posts ?? []
            posts.forEach { exercise(client.post2($0)) }
            return posts.count
        case 1:
            guard let response = decode(ApiGetPostResponse.self) else { return 0 }
            exercise(client.post3(response).post2)
            return 1
        case 2:
            let comments =
                generation == .v4
                ? decode(ApiPagedResponse<ApiCommentView>.self)?.items ?? []
                : decode(ApiGetCommentsResponse.self)?.comments ?? []
            comments.forEach { exercise(client.comment2($0)) }
            return comments.count
        case 3:
            guard let response = decode(ApiGetCommunityResponse.self) else { return 0 }
            _ = client.community3(response).subscriberCount.countAdding(1)
            return 1
        case 4:
            guard let response = decode(ApiGetPersonDetailsResponse.self) else { return 0 }
            _ = client.person3(response).postCount.countAdding(1)
            return 1
        case 5:
            guard let response = decode(ApiGetSiteResponse.self) else { return 0 }
            _ = client.site3(response)
            return 1
        default:
            let replies = decode(ApiGetRepliesResponse.self)?.replies ?? []
            replies.forEach { exercise(client.reply1($0).comment) }
            return replies.count
        }
    }

    @MainActor private static func exercise(_ post: Post2) {
        exercise(post.votes)
        _ = post.commentCount.countAdding(1)
        _ = post.unreadCommentCount
    }

    @MainActor private static func exercise(_ comment: Comment2) {
        exercise(comment.votes)
        _ = comment.path.dropLast().last
    }

    private static func exercise(_ votes: VotesModel) {
        for vote in ScoringOperation.allCases {
            _ = votes.applying(vote).total
            _ = votes.applying(vote).applying(.none).total
        }
    }
}
