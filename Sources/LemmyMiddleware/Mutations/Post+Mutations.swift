public import Foundation
internal import LemmyAPI

/// Post mutations: optimistic, ordered per post, rolled back on failure.
extension Post2Providing {
    /// Upvotes, or removes the account's upvote.
    @discardableResult public func toggleUpvote() async -> MutationResult {
        await post2.vote(votes.myVote == .upvote ? .none : .upvote)
    }

    /// Downvotes, or removes the account's downvote.
    @discardableResult public func toggleDownvote() async -> MutationResult {
        await post2.vote(votes.myVote == .downvote ? .none : .downvote)
    }

    /// Saves, or unsaves.
    ///
    /// Lemmy saves first and reads the post after, as the account sees it: a post removed
    /// meanwhile is saved on the server and answered as not found. The model then keeps the
    /// saved state the server has, and the result is `.failed` with an error for which
    /// ``ApiClientError/isNotFound`` holds. ``markRead(_:)`` (0.18, 1.0) and ``hide(_:)`` (1.0)
    /// do the same.
    @discardableResult public func toggleSave() async -> MutationResult {
        await post2.save(!saved)
    }

    /// Marks the post read or unread. A post the server no longer shows the account is marked
    /// all the same on 0.18 and 1.0, as with `toggleSave()`.
    @discardableResult public func markRead(_ read: Bool = true) async -> MutationResult {
        let post = post2
        guard post.read != read else { return .unchanged }
        return await api.mutate(post, optimistic: { $0.read = read }) { () async throws(ApiClientError) in
            let form = ApiMarkPostAsRead(postId: post.id, read: read)
            let version = try await post.api.version()
            if version.generation == .v4 || version.usesAuthField {
                let view: ApiPostView
                do throws(ApiClientError) {
                    view =
                        version.generation == .v4
                        ? try await post.api.send(LemmyV4.MarkPostAsRead(form), mutation: true).postView
                        : try await post.api.send(MarkPostAsRead018(form), mutation: true).postView
                } catch {
                    try post.keepWrittenState(error) { $0.read = read }
                }
                try post.api.mergeAnswer(view, about: post.id)
            } else {
                // 0.19 takes a list (`post_ids`); 0.19.9 and later have no `post_id` at all.
                _ = try await post.api.send(LemmyV3.MarkPostAsRead(ApiMarkPostAsRead(read: read, postIds: [post.id])), mutation: true)
                post.confirm(sequence: post.api.mergeSequence) { $0.read = read }
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        } achieved: {
            $0.confirmed.read == read
        }
    }

    /// Hides or unhides the post. Needs Lemmy 0.19.4 or later; fails with
    /// ``ApiClientError/unsupported(_:)`` (and rolls back) on older servers. A post the server no
    /// longer shows the account is hidden all the same on 1.0, as with `toggleSave()`.
    @discardableResult public func hide(_ hidden: Bool = true) async -> MutationResult {
        let post = post2
        guard post.hidden != hidden else { return .unchanged }
        return await api.mutate(post, optimistic: { $0.hidden = hidden }) { () async throws(ApiClientError) in
            let form = ApiHidePost(postId: post.id, hide: hidden)
            let version = try await post.api.version()
            if version.usesAuthField || (version.major == 0 && version.minor == 19 && version.patch < 4) {
                throw .unsupported("hiding posts needs Lemmy 0.19.4 or later (server: \(version))")
            }
            if version.generation == .v4 {
                let view: ApiPostView
                do throws(ApiClientError) { view = try await post.api.send(LemmyV4.HidePost(form), mutation: true).postView } catch {
                    try post.keepWrittenState(error) { $0.hidden = hidden }
                }
                try post.api.mergeAnswer(view, about: post.id)
            } else {
                // 0.19 hides a list (`post_ids`); `post_id` is 1.0's.
                _ = try await post.api.send(LemmyV3.HidePost(ApiHidePost(hide: hidden, postIds: [post.id])), mutation: true)
                post.confirm(sequence: post.api.mergeSequence) { $0.hidden = hidden }
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        } achieved: {
            $0.confirmed.hidden == hidden
        }
    }

    /// Deletes or restores the account's own post.
    ///
    /// Lemmy refuses to set the flag the post already has (`couldnt_update_post`; 1.0
    /// `couldnt_update`), as when it was deleted from another device: the post is then read again,
    /// and the mutation is confirmed if the server already has it as asked.
    @discardableResult public func delete(_ deleted: Bool = true) async -> MutationResult {
        let post = post2.post1
        guard post.deleted != deleted else { return .unchanged }
        return await api.mutate(post, optimistic: { $0.deleted = deleted }) { () async throws(ApiClientError) in
            let form = ApiDeletePost(postId: post.id, deleted: deleted)
            let view = try await post.api.send(LemmyAnyGeneration.DeletePost(form), mutation: true).postView
            try post.api.mergeAnswer(view, about: post.id)
        } reread: { () async throws(ApiClientError) in
            do throws(ApiClientError) {
                _ = try await post.api.getPost(id: post.id)
            } catch  where deleted && error.lemmyCode == .couldntFindPost {
                // 0.18 shows a deleted post to its community's moderators and admins only, not
                // even to its author: after Lemmy refused to delete it, not finding it means it
                // is deleted already (or purged, gone all the same).
                post.confirmed.deleted = true
            }
        } achieved: {
            $0.confirmed.deleted == deleted
        }
    }

    /// Edits the account's own post: each non-nil argument replaces that field. Shown at once on
    /// this object (every view of the post sees it); rolled back if the server refuses, e.g.
    /// with `no_post_edit_allowed` for someone else's post.
    ///
    /// `altText` and `customThumbnail` need Lemmy 0.19 or later (0.18: the mutation fails with
    /// ``ApiClientError/unavailableInVersion(_:)`` before anything is sent).
    @discardableResult public func edit(
        title: String? = nil, content: String? = nil, url: URL? = nil,
        altText: String? = nil, nsfw: Bool? = nil, languageId: Int? = nil,
        customThumbnail: URL? = nil
    ) async -> MutationResult {
        let post = post2.post1
        return await api.mutate(
            post,
            optimistic: { model in
                if let title { model.title = title }
                if let content { model.content = content }
                if let url { model.linkURL = url }
                if let nsfw { model.nsfw = nsfw }
                if let languageId { model.languageId = languageId }
                if let customThumbnail { model.thumbnailURL = customThumbnail }
            }
        ) { () async throws(ApiClientError) in
            let form = ApiEditPost(
                postId: post.id, name: title, url: url?.absoluteString, body: content, altText: altText,
                nsfw: nsfw, languageId: languageId, customThumbnail: customThumbnail?.absoluteString)
            let view = try await post.api.send(LemmyAnyGeneration.EditPost(form), mutation: true).postView
            try post.api.mergeAnswer(view, about: post.id)
        }
    }

    /// Replies to the post with a new top-level comment.
    public func reply(_ content: String) async throws(ApiClientError) -> Comment2 {
        try await api.createComment(postId: id, parentId: nil, content: content)
    }

    /// Reports the post to its moderators, or with `breaksInstanceRules` (Lemmy 1.0 and later)
    /// to the instance's admins alone, as breaking the instance's rules: its moderators never see
    /// that report, and Lemmy does not send it to other instances. Earlier versions fail with
    /// ``ApiClientError/unavailableInVersion(_:)`` before sending such a report.
    public func report(reason: String, breaksInstanceRules: Bool = false) async throws(ApiClientError) {
        try api.checkPermission(mutation: true)
        try api.requireAccount()
        try await api.requireInstanceRuleReports(breaksInstanceRules)
        let form = ApiCreatePostReport(postId: id, reason: reason, violatesInstanceRules: breaksInstanceRules ? true : nil)
        _ = try await api.send(LemmyAnyGeneration.CreatePostReport(form), mutation: true)
    }
}

extension Post2 {
    /// Sets the account's vote.
    func vote(_ vote: ScoringOperation) async -> MutationResult {
        await api.mutate(self, optimistic: { $0.votes = $0.votes.applying(vote) }) { [self] () async throws(ApiClientError) in
            var form = ApiCreatePostLike(postId: id)
            let view: ApiPostView
            // Explicit per generation: the form differs: 1.0 sends is_upvote, 0.18/0.19 score.
            if try await api.generation() == .v4 {
                form.isUpvote = vote == .none ? nil : vote == .upvote
                view = try await api.send(LemmyV4.LikePost(form), mutation: true).postView
                api.noteVoted(post: id, sequence: api.mergeSequence)
            } else {
                form.score = vote.rawValue
                view = try await api.send(LemmyV3.LikePost(form), mutation: true).postView
            }
            try api.mergeAnswer(view, about: id)
        } reread: { [self] () async throws(ApiClientError) in
            _ = try await api.getPost(id: id)
        } achieved: {
            $0.confirmed.votes.myVote == vote
        }
    }

    /// Saves or unsaves.
    func save(_ save: Bool) async -> MutationResult {
        await api.mutate(self, optimistic: { $0.saved = save }) { [self] () async throws(ApiClientError) in
            let form = ApiSavePost(postId: id, save: save)
            let view: ApiPostView
            do throws(ApiClientError) {
                view = try await api.send(LemmyAnyGeneration.SavePost(form), mutation: true).postView
            } catch {
                try keepWrittenState(error) { $0.saved = save }
            }
            try api.mergeAnswer(view, about: id)
        } reread: { [self] () async throws(ApiClientError) in
            _ = try await api.getPost(id: id)
        } achieved: {
            $0.confirmed.saved == save
        }
    }

    /// Rethrows `error` from SavePost, HidePost or MarkPostAsRead, first keeping `change` as the
    /// server's state when the error says the post was not found: those handlers write first and
    /// read the post after, as its viewer sees it (a missing post fails the write with another
    /// code). So a post removed meanwhile, or in a 1.0 private community the account does not
    /// follow, is saved, hidden or marked on the server, and the model keeps that state, while
    /// the mutation fails with the not-found error that says the post is gone.
    func keepWrittenState(_ error: ApiClientError, _ change: (inout Post2Snapshot) -> Void) throws(ApiClientError) -> Never {
        if error.isNotFound { confirm(sequence: api.mergeSequence, change) }
        throw error
    }
}
