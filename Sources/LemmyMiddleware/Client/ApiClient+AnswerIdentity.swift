internal import LemmyAPI

/// Taking an answer only when it is about the item asked for.
///
/// A server that answers a vote on post 3 with post 9's view says nothing about post 3: merged
/// as it came, it would leave post 3's confirmed state as it was before the vote (so the vote
/// vanishes from the screen while the mutation reports success) and overwrite post 9 with
/// whatever the answer claims. Such an answer is a ``ApiClientError/Kind/decoding`` failure
/// instead: the mutation engine reads the item again where it can (``ApiClient/mutate(_:optimistic:request:reread:achieved:rollback:)``),
/// and otherwise shows its last confirmed state and reports the failure.
extension ApiClient {
    /// Merges `view`, the answer to a mutation of post `id`.
    func mergeAnswer(_ view: ApiPostView, about id: Int) throws(ApiClientError) {
        try Self.requireSame("post", answered: view.post.id, asked: id)
        _ = post2(view)
    }

    /// Merges `view`, the answer to a mutation of comment `id`.
    func mergeAnswer(_ view: ApiCommentView, about id: Int) throws(ApiClientError) {
        try Self.requireSame("comment", answered: view.comment.id, asked: id)
        _ = comment2(view)
    }

    /// Merges `view`, the answer to a mutation of community `id`.
    func mergeAnswer(_ view: ApiCommunityView, about id: Int) throws(ApiClientError) {
        try Self.requireSame("community", answered: view.community.id, asked: id)
        _ = community2(view)
    }

    /// Merges `view`, the answer to a mutation of person `id`.
    func mergeAnswer(_ view: ApiPersonView, about id: Int) throws(ApiClientError) {
        try Self.requireSame("person", answered: view.person.id, asked: id)
        _ = person2(view)
    }

    /// Throws unless an answer about `kind` `answered` is about the one `asked` for; reads by id
    /// (``getPost(id:)`` and the like) check their answers with it too.
    static func requireSame(_ kind: String, answered: Int, asked: Int) throws(ApiClientError) {
        guard answered == asked else { throw .decoding("the answer is about \(kind) \(answered), not \(kind) \(asked)") }
    }
}
