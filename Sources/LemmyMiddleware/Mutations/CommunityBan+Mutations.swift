public import Foundation
internal import LemmyAPI

/// Banning an author from a community (moderators and admins), from one of their posts or
/// comments. Optimistic: ``Post2/creatorBannedFromCommunity`` changes at once and rolls back if
/// the server refuses (`not_a_mod_or_admin`; on 0.19 and 1.0 `not_higher_mod` for a more senior
/// moderator or an admin). Once the server agrees, every post and comment of the author in that
/// community this client holds shows the ban.
///
/// With `removingContent` the server also removes what the author wrote there, and this client's
/// loaded models show what is certain of it:
/// - Lemmy 0.18 and 0.19 remove all their posts there, with a ban and with an unban alike, and
///   never restore; of their comments only the first 10 of a guest's listing by Hot, and which
///   those are is not known here: the comments show it when read again.
/// - Lemmy 1.0 removes (with a ban) or restores (with an unban) all their posts and comments
///   there, and a ban takes back everyone's votes on them: their scores drop to zero. It does
///   this after answering, so a read right after the answer may still show the old state.
extension Post2Providing {
    /// Bans or unbans the post's author from the post's community.
    ///
    /// - Parameters:
    ///   - ban: Whether to ban (`true`) or lift a ban (`false`).
    ///   - reason: The reason, shown in the modlog.
    ///   - removingContent: Whether the server also removes the author's posts and comments in the
    ///     community (see the extension's notes for what each version does).
    ///   - expiry: When the ban ends; nil for a permanent one.
    @discardableResult public func banCreatorFromCommunity(
        _ ban: Bool = true, reason: String? = nil, removingContent: Bool = false, until expiry: Date? = nil
    ) async -> MutationResult {
        let post = post2
        return await api.mutate(post, optimistic: { $0.creatorBannedFromCommunity = ban }) { () async throws(ApiClientError) in
            try await post.api.sendCommunityBan(
                CommunityBan(personId: post.creatorId, communityId: post.communityId, ban: ban, removingContent: removingContent),
                reason: reason, until: expiry)
        }
    }
}

extension Comment2Providing {
    /// Bans or unbans the comment's author from the post's community, as
    /// ``Post2Providing/banCreatorFromCommunity(_:reason:removingContent:until:)`` does.
    @discardableResult public func banCreatorFromCommunity(
        _ ban: Bool = true, reason: String? = nil, removingContent: Bool = false, until expiry: Date? = nil
    ) async -> MutationResult {
        let comment = comment2
        return await api.mutate(comment, optimistic: { $0.creatorBannedFromCommunity = ban }) { () async throws(ApiClientError) in
            try await comment.api.sendCommunityBan(
                CommunityBan(personId: comment.creatorId, communityId: comment.community.id, ban: ban, removingContent: removingContent),
                reason: reason, until: expiry)
        }
    }
}

/// Who is banned from where, and how.
private struct CommunityBan {
    var personId: Int
    var communityId: Int
    var ban: Bool
    var removingContent: Bool
}

extension ApiClient {
    /// Bans or unbans `personId` from `communityId` (moderators and admins); not optimistic. Once
    /// the server agrees, the loaded posts and comments of the person there show it, as after
    /// ``Post2Providing/banCreatorFromCommunity(_:reason:removingContent:until:)``, whose notes
    /// say what `removingContent` does in each version.
    ///
    /// - Parameters:
    ///   - personId: Who is banned.
    ///   - communityId: From where.
    ///   - ban: Whether to ban (`true`) or lift a ban (`false`).
    ///   - reason: The reason, shown in the modlog.
    ///   - removingContent: Whether the server also removes the person's posts and comments there.
    ///   - expiry: When the ban ends; nil for a permanent one.
    public func banFromCommunity(
        _ personId: Int, from communityId: Int, _ ban: Bool = true, reason: String? = nil, removingContent: Bool = false,
        until expiry: Date? = nil
    ) async throws(ApiClientError) {
        try requireAccount()
        try await sendCommunityBan(
            CommunityBan(personId: personId, communityId: communityId, ban: ban, removingContent: removingContent), reason: reason,
            until: expiry)
    }

    /// Sends a community ban, merges the person it returns and shows its outcome in the loaded
    /// posts and comments of the person in the community (the one banned from among them).
    fileprivate func sendCommunityBan(_ ban: CommunityBan, reason: String?, until expiry: Date?) async throws(ApiClientError) {
        var form = ApiBanFromCommunity(
            communityId: ban.communityId, personId: ban.personId, ban: ban.ban, reason: try await moderationReason(reason))
        let expires = expiry.map(\.banExpirySeconds)
        let generation = try await generation()
        // Explicit per generation: different members and responses (0.18/0.19
        // BanFromCommunityResponse, 1.0 PersonResponse).
        if generation == .v4 {
            form.removeOrRestoreData = ban.removingContent
            form.expiresAt = expires
            try mergeAnswer(try await send(LemmyV4.BanFromCommunity(form), mutation: true).personView, about: ban.personId)
        } else {
            form.removeData = ban.removingContent
            form.expires = expires
            try mergeAnswer(try await send(LemmyV3.BanFromCommunity(form), mutation: true).personView, about: ban.personId)
        }
        confirmCommunityBan(ban, generation: generation)
    }

    /// The ban's outcome in the loaded models, as confirmed state (see the notes on
    /// ``Post2Providing/banCreatorFromCommunity(_:reason:removingContent:until:)``).
    private func confirmCommunityBan(_ ban: CommunityBan, generation: LemmyAPIGeneration) {
        let isV4 = generation == .v4
        let removed = isV4 ? ban.ban : true
        // 1.0 takes back every vote on the content with a ban that removes it.
        let votesTaken = isV4 && ban.ban && ban.removingContent
        for post in caches.post2.values where post.creatorId == ban.personId && post.communityId == ban.communityId {
            applyConfirmed(post) { snapshot in
                snapshot.creatorBannedFromCommunity = ban.ban
                if votesTaken { snapshot.votes = VotesModel(upvotes: 0, downvotes: 0, myVote: .none) }
            }
        }
        if ban.removingContent {
            // Tier 1 too: a comment's post may be loaded without its view.
            for post in caches.post1.values where post.creatorId == ban.personId && post.communityId == ban.communityId {
                applyConfirmed(post) { $0.removed = removed }
            }
        }
        for comment in caches.comment2.values where comment.creatorId == ban.personId && comment.community.id == ban.communityId {
            applyConfirmed(comment) { snapshot in
                snapshot.creatorBannedFromCommunity = ban.ban
                if votesTaken { snapshot.votes = VotesModel(upvotes: 0, downvotes: 0, myVote: .none) }
            }
            // Which of their comments 0.18 and 0.19 removed is not known here.
            if ban.removingContent && isV4 { applyConfirmed(comment.comment1) { $0.removed = removed } }
        }
    }
}
