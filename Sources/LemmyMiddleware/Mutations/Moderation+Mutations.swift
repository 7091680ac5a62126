internal import LemmyAPI

/// Moderator actions on posts and comments. Optimistic like every mutation; a refusal (the account
/// is not a moderator: ``ApiClientError/lemmy(code:message:)`` `not_a_moderator`) rolls back.
/// Lemmy 1.0 servers get the `/api/v4` requests, so these work there too.
extension Post2Providing {
    /// Removes or restores the post (moderators and admins).
    ///
    /// With `comments` (Lemmy 1.0 and later), every comment of the post is removed or restored
    /// with it and their reports resolved, and the comments this client holds show it; older
    /// servers fail with ``ApiClientError/unavailableInVersion(_:)`` before anything is sent.
    @discardableResult public func remove(_ removed: Bool = true, reason: String? = nil, comments: Bool = false) async
        -> MutationResult
    {
        let post = post1
        return await api.mutate(post, optimistic: { $0.removed = removed }) { () async throws(ApiClientError) in
            var form = ApiRemovePost(postId: post.id, removed: removed, reason: try await post.api.moderationReason(reason))
            if comments {
                guard try await post.api.generation() == .v4 else {
                    throw .unavailableInVersion("removing a post's comments with it (Lemmy 1.0 and later)")
                }
                form.removeChildren = removed
            }
            let view = try await post.api.send(LemmyAnyGeneration.RemovePost(form), mutation: true).postView
            try post.api.mergeAnswer(view, about: post.id)
            post.api.resolveHeldReports { $0.id.kind == .post && $0.post?.id == post.id }
            if comments {
                post.api.confirmCommentsRemoved(ofPost: post.id, removed)
                post.api.resolveHeldReports { $0.id.kind == .comment && $0.post?.id == post.id }
            }
        }
    }

    /// Locks or unlocks the post's comments (moderators and admins).
    @discardableResult public func lock(_ locked: Bool = true, reason: String? = nil) async -> MutationResult {
        let post = post1
        return await api.mutate(post, optimistic: { $0.locked = locked }) { () async throws(ApiClientError) in
            let form = ApiLockPost(postId: post.id, locked: locked, reason: try await post.api.moderationReason(reason))
            let view = try await post.api.send(LemmyAnyGeneration.LockPost(form), mutation: true).postView
            try post.api.mergeAnswer(view, about: post.id)
        }
    }

    /// Pins or unpins the post in its community (moderators) or on the instance (admins).
    @discardableResult public func pin(_ pinned: Bool = true, onInstance: Bool = false) async -> MutationResult {
        let post = post1
        return await api.mutate(
            post,
            optimistic: { model in
                if onInstance { model.pinnedInstance = pinned } else { model.pinnedCommunity = pinned }
            }
        ) { () async throws(ApiClientError) in
            let form = ApiFeaturePost(postId: post.id, featured: pinned, featureType: onInstance ? .local : .community)
            let view = try await post.api.send(LemmyAnyGeneration.FeaturePost(form), mutation: true).postView
            try post.api.mergeAnswer(view, about: post.id)
        }
    }
}

extension Comment2Providing {
    /// Removes or restores the comment (moderators and admins), and with `withReplies` every
    /// reply below it too (Lemmy 1.0's `remove_children`).
    ///
    /// With the replies, the answer names the comment alone, so the replies this client holds
    /// are marked from it, and their held reports resolved, as the server resolves the thread's.
    /// A lost answer, or a refusal that may mean the comment was already so, is settled by reading
    /// the comment and each reply held below it again, one request each: the comment's state says
    /// nothing of its replies' (it may have been removed alone before), and the removal counts as
    /// done only when the whole thread held shows it. A reply that cannot be read stays as it was.
    /// The held reports are then left as they were: whether this request resolved them cannot be
    /// told from the comments (read the report queue again).
    ///
    /// Before 1.0, `withReplies` fails with ``ApiClientError/Kind/unavailableInVersion`` without
    /// sending anything.
    @discardableResult public func remove(_ removed: Bool = true, reason: String? = nil, withReplies: Bool = false) async
        -> MutationResult
    {
        let comment = comment1
        guard withReplies else {
            return await api.mutate(comment, optimistic: { $0.removed = removed }) { () async throws(ApiClientError) in
                let form = ApiRemoveComment(commentId: comment.id, removed: removed, reason: try await comment.api.moderationReason(reason))
                let view = try await comment.api.send(LemmyAnyGeneration.RemoveComment(form), mutation: true).commentView
                try comment.api.mergeAnswer(view, about: comment.id)
                comment.api.resolveHeldReports { $0.id.kind == .comment && $0.comment?.id == comment.id }
            }
        }
        return await api.mutate(comment, optimistic: { $0.removed = removed }) { () async throws(ApiClientError) in
            guard try await comment.api.generation() == .v4 else {
                throw .unavailableInVersion("removing a comment with its replies (Lemmy 1.0 and later)")
            }
            let form = ApiRemoveComment(commentId: comment.id, removed: removed, reason: reason ?? "", removeChildren: removed)
            let view = try await comment.api.send(LemmyV4.RemoveComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
            comment.api.confirmRemovalBelow(comment)
        } reread: { () async throws(ApiClientError) in
            _ = try await comment.api.getComment(id: comment.id)
            for reply in comment.api.heldComments(below: comment) { _ = try? await comment.api.getComment(id: reply.id) }
        } achieved: {
            $0.confirmed.removed == removed && comment.api.heldComments(below: $0).allSatisfy { $0.confirmed.removed == removed }
        }
    }

    /// Locks or unlocks the comment and every reply below it (moderators and admins, Lemmy 1.0):
    /// while it is locked only the community's moderators and the admins may reply, and a reply
    /// of theirs starts unlocked. The answer names the comment alone, so the replies this client
    /// holds are marked from it. A lost answer is settled by reading the comment again. Before
    /// 1.0 it fails with ``ApiClientError/Kind/unavailableInVersion`` without sending anything.
    @discardableResult public func lock(_ locked: Bool = true, reason: String? = nil) async -> MutationResult {
        let comment = comment1
        return await api.mutate(comment, optimistic: { $0.locked = locked }) { () async throws(ApiClientError) in
            guard try await comment.api.generation() == .v4 else { throw .unavailableInVersion("locking a comment (Lemmy 1.0 and later)") }
            let form = ApiLockComment(commentId: comment.id, locked: locked, reason: reason ?? "")
            let view = try await comment.api.send(LemmyV4.LockComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
            comment.api.confirmLockBelow(comment)
        } reread: { () async throws(ApiClientError) in
            _ = try await comment.api.getComment(id: comment.id)
            // The lock reached the server: it took the replies too.
            if comment.confirmed.locked == locked { comment.api.confirmLockBelow(comment) }
        } achieved: {
            $0.confirmed.locked == locked
        }
    }

    /// Marks the comment as the moderator speaking as one, or takes that back: Lemmy shows a
    /// distinguished comment first among its siblings.
    ///
    /// Only the comment's author may, and only as a moderator of its community or an admin
    /// (0.19 and 1.0 refuse anyone else's comment with `no_comment_edit_allowed`; 0.18 checks only
    /// the moderator); a refusal rolls back.
    @discardableResult public func distinguish(_ distinguished: Bool = true) async -> MutationResult {
        let comment = comment1
        return await api.mutate(comment, optimistic: { $0.distinguished = distinguished }) { () async throws(ApiClientError) in
            let form = ApiDistinguishComment(commentId: comment.id, distinguished: distinguished)
            let view = try await comment.api.send(LemmyAnyGeneration.DistinguishComment(form), mutation: true).commentView
            try comment.api.mergeAnswer(view, about: comment.id)
        }
    }
}

extension ApiClient {
    /// Shows `removed` on every comment of `postId` this client holds, as confirmed by the
    /// answer being merged (1.0's RemovePost with `remove_children` answers with the post only).
    func confirmCommentsRemoved(ofPost postId: Int, _ removed: Bool) {
        for comment in caches.comment1.values where comment.readConfirmed({ $0.postId }) == postId {
            var snapshot = comment.confirmed
            snapshot.removed = removed
            comment.merge(snapshot, sequence: mergeSequence)
        }
    }

    /// Shows `comment`'s confirmed lock on every comment of its post this client holds below it
    /// (1.0's LockComment changes the whole subtree and answers with its top comment only). A
    /// path that does not end with the comment's own id (a malformed or foreign answer) marks
    /// nothing.
    func confirmLockBelow(_ comment: Comment1) {
        let locked = comment.confirmed.locked
        confirmBelow(comment) { $0.locked = locked }
    }

    /// Shows `comment`'s confirmed removal on every comment of its post this client holds below
    /// it, and resolves the held reports of the whole thread (1.0's RemoveComment with
    /// `remove_children` does both and answers with its top comment only).
    func confirmRemovalBelow(_ comment: Comment1) {
        let removed = comment.confirmed.removed
        let thread = confirmBelow(comment) { $0.removed = removed }
        resolveHeldReports { $0.id.kind == .comment && $0.comment.map { thread.contains($0.id) } == true }
    }

    /// Applies `change` to the confirmed state of every comment this client holds below
    /// `comment` in its post; returns the ids of the thread, `comment`'s own included. A path
    /// that does not end with the comment's own id (a malformed or foreign answer) marks nothing.
    @discardableResult
    private func confirmBelow(_ comment: Comment1, _ change: (inout Comment1Snapshot) -> Void) -> Set<Int> {
        var thread: Set<Int> = [comment.id]
        for held in heldComments(below: comment) {
            var snapshot = held.confirmed
            change(&snapshot)
            held.merge(snapshot, sequence: mergeSequence)
            thread.insert(held.id)
        }
        return thread
    }

    /// The comments of `comment`'s post this client holds below it, by their confirmed paths;
    /// none when the comment's path does not end with its own id (a malformed or foreign answer).
    func heldComments(below comment: Comment1) -> [Comment1] {
        let top = comment.confirmed
        guard top.path.last == top.id else { return [] }
        return caches.comment1.values.filter { held in
            held.readConfirmed { $0.postId == top.postId && $0.path.count > top.path.count && $0.path.starts(with: top.path) }
        }
    }

    /// The reason a moderator action sends: 1.0 requires one (an empty one is accepted) where
    /// 0.18/0.19 take none or an optional one; 0.18/0.19 get exactly what the caller gave, and
    /// LockPost on 0.18/0.19, which has no reason, then fails typed if one was given.
    func moderationReason(_ reason: String?) async throws(ApiClientError) -> String? {
        try await generation() == .v4 ? (reason ?? "") : reason
    }
}
