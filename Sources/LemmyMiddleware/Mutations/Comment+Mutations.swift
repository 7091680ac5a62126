internal import LemmyAPI

/// Comment mutations: optimistic, ordered per comment, rolled back on failure.
extension Comment2Providing {
    /// Upvotes, or removes the account's upvote.
    @discardableResult public func toggleUpvote() async -> MutationResult {
        await comment2.vote(votes.myVote == .upvote ? .none : .upvote)
    }

    /// Downvotes, or removes the account's downvote.
    @discardableResult public func toggleDownvote() async -> MutationResult {
        await comment2.vote(votes.myVote == .downvote ? .none : .downvote)
    }

    /// Saves, or unsaves.
    @discardableResult public func toggleSave() async -> MutationResult {
        let comment = comment2
        let save = !comment.saved
        return await api.mutate(comment, optimistic: { $0.saved = save }) { () async throws(ApiClientError) in
            let form = ApiSaveComment(commentId: comment.id, save: save)
            let view = try await comment.api.send(LemmyAnyGeneration.SaveComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
        } reread: { () async throws(ApiClientError) in
            _ = try await comment.api.getComment(id: comment.id)
        } achieved: {
            $0.confirmed.saved == save
        }
    }

    /// Deletes or restores the account's own comment; a comment the server already has as asked
    /// is read again and confirmed, as ``Post2/delete(_:)`` does.
    @discardableResult public func delete(_ deleted: Bool = true) async -> MutationResult {
        let comment = comment1
        guard comment.deleted != deleted else { return .unchanged }
        return await api.mutate(comment, optimistic: { $0.deleted = deleted }) { () async throws(ApiClientError) in
            let form = ApiDeleteComment(commentId: comment.id, deleted: deleted)
            let view = try await comment.api.send(LemmyAnyGeneration.DeleteComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
        } reread: { () async throws(ApiClientError) in
            _ = try await comment.api.getComment(id: comment.id)
        } achieved: {
            $0.confirmed.deleted == deleted
        }
    }

    /// Edits the account's own comment.
    @discardableResult public func edit(content: String) async -> MutationResult {
        let comment = comment1
        return await api.mutate(comment, optimistic: { $0.content = content }) { () async throws(ApiClientError) in
            let form = ApiEditComment(commentId: comment.id, content: content)
            let view = try await comment.api.send(LemmyAnyGeneration.EditComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
        }
    }

    /// Replies to the comment.
    public func reply(_ content: String) async throws(ApiClientError) -> Comment2 {
        try await api.createComment(postId: postId, parentId: id, content: content)
    }

    /// Reports the comment to the community's moderators, or with `breaksInstanceRules` (Lemmy
    /// 1.0 and later) to the instance's admins alone, as breaking the instance's rules: its
    /// moderators never see that report, and Lemmy does not send it to other instances. Earlier
    /// versions fail with ``ApiClientError/unavailableInVersion(_:)`` before sending such a report.
    public func report(reason: String, breaksInstanceRules: Bool = false) async throws(ApiClientError) {
        try api.checkPermission(mutation: true)
        try api.requireAccount()
        try await api.requireInstanceRuleReports(breaksInstanceRules)
        let form = ApiCreateCommentReport(commentId: id, reason: reason, violatesInstanceRules: breaksInstanceRules ? true : nil)
        _ = try await api.send(LemmyAnyGeneration.CreateCommentReport(form), mutation: true)
    }
}

extension Comment2 {
    /// Sets the account's vote.
    func vote(_ vote: ScoringOperation) async -> MutationResult {
        await api.mutate(self, optimistic: { $0.votes = $0.votes.applying(vote) }) { [self] () async throws(ApiClientError) in
            var form = ApiCreateCommentLike(commentId: id)
            let view: ApiCommentView
            // Explicit per generation: the form differs: 1.0 sends is_upvote, 0.18/0.19 score.
            if try await api.generation() == .v4 {
                form.isUpvote = vote == .none ? nil : vote == .upvote
                view = try await api.send(LemmyV4.LikeComment(form), mutation: true).commentView
                api.noteVoted(comment: id, sequence: api.mergeSequence)
            } else {
                form.score = vote.rawValue
                view = try await api.send(LemmyV3.LikeComment(form), mutation: true).commentView
            }
            try api.mergeAnswer(view, about: id)
        } reread: { [self] () async throws(ApiClientError) in
            _ = try await api.getComment(id: id)
        } achieved: {
            $0.confirmed.votes.myVote == vote
        }
    }
}
