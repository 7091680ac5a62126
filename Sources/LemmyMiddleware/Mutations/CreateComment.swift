import Foundation
internal import LemmyAPI

/// A comment whose creation may or may not have happened: its answer was lost.
struct UncertainComment: Hashable {
    var postId: Int
    var parentId: Int?
    var content: String
}

extension ApiClient {
    /// Posts a comment on `postId`, under `parentId` if given, and bumps the post's comment count.
    ///
    /// Never posts the same comment twice because an answer was lost: when the request fails in
    /// a way that does not say whether the server made the comment (the connection closed after
    /// the request went out, a truncated answer), the newest comments of the post are searched
    /// for one by this account with the same parent and text, made since the first attempt. If
    /// it is there, it is returned as if the answer had arrived. If that search fails too, the
    /// error is thrown and the attempt remembered: calling again with the same arguments searches
    /// first and posts only if the comment is not there.
    public func createComment(postId: Int, parentId: Int?, content: String) async throws(ApiClientError) -> Comment2 {
        try checkPermission(mutation: true)
        try requireAccount()
        let key = UncertainComment(postId: postId, parentId: parentId, content: content)
        if let since = uncertainComments[key] {
            if let existing = try await findCreatedComment(key, since: since) {
                uncertainComments[key] = nil
                return existing
            }
            uncertainComments[key] = nil
        }
        let started = Date()
        let form = ApiCreateComment(content: content, postId: postId, parentId: parentId)
        let view: ApiCommentView
        do {
            view = try await send(LemmyAnyGeneration.CreateComment(form), mutation: true).commentView
        } catch {
            guard error.mayHaveReachedServer else { throw error }
            uncertainComments[key] = started
            let found: Comment2?
            do { found = try await findCreatedComment(key, since: started) } catch { throw error }
            uncertainComments[key] = nil
            guard let found else { throw error }
            return found
        }
        let sequence = mergeSequence
        let comment = comment2(view)
        noteCommentCreated(on: postId, sequence: sequence)
        if let parentId { noteAnswered(parentId, sequence: sequence) }
        return comment
    }

    /// The account's comment matching `key` among the post's newest, made at or after `since`
    /// (less a few minutes for a server clock that runs behind), or nil. Counts it on the post.
    private func findCreatedComment(_ key: UncertainComment, since: Date) async throws(ApiClientError) -> Comment2? {
        let me: Int
        if let person = account?.person {
            me = person.id
        } else {
            guard let person = try await loadAccount().person else { throw .notLoggedIn }
            me = person.id
        }
        // All: see getComments(postId:); a comment on a remote post would never be found.
        let form = try await unwindowed(ApiGetComments(type: .all, sort: .new, limit: 50, postId: key.postId))
        let views = try await page(LemmyAnyGeneration.GetComments(form), at: nil).items
        let sequence = mergeSequence
        let earliest = since.addingTimeInterval(-300)
        guard
            let view = views.first(where: { view in
                let path = CommentPath.ids(view.comment.path)
                let parent = path.count >= 2 ? path[path.count - 2] : nil
                return view.comment.creatorId == me && view.comment.content == key.content && parent == key.parentId
                    && view.comment.publishedAt.date >= earliest
            })
        else { return nil }
        let comment = comment2(view)
        noteCommentCreated(on: key.postId, sequence: sequence)
        return comment
    }

    /// One more comment on the post's count, confirmed by the request numbered `sequence`.
    private func noteCommentCreated(on postId: Int, sequence: UInt64) {
        guard let post = caches.post2[postId] else { return }
        post.confirm(sequence: sequence) { $0.commentCount = $0.commentCount.countAdding(1) }
        if !post.mutations.isBusy { post.showConfirmed() }
    }
}
