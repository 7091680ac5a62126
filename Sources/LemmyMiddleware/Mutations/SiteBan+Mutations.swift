public import Foundation
internal import LemmyAPI

/// Banning people from the instance (admins).
extension Person2Providing {
    /// Bans or unbans the person from the client's instance (admins only).
    ///
    /// Optimistic: ``Person2/isBanned`` changes at once and rolls back if the server refuses
    /// (`not_an_admin`; on 0.19 and 1.0 `not_higher_admin` for an admin appointed before the
    /// account, `ban_expiration_in_past` for an `expiry` already gone). If the answer is lost, the
    /// person is read again and the server decides.
    ///
    /// - Parameters:
    ///   - ban: Whether to ban (`true`) or lift a ban (`false`).
    ///   - reason: The reason, shown in the modlog (Lemmy 1.0 requires one; an empty one is sent
    ///     when there is none).
    ///   - removingContent: Whether the server also removes what the person wrote. Lemmy 0.18 and
    ///     0.19 remove their posts and comments even when lifting a ban, and never restore them;
    ///     1.0 removes them with a ban and restores them with an unban. This client's loaded posts
    ///     and comments of the person show that once the server has agreed. The server also
    ///     clears the person's pictures (and on 0.19 and 1.0 their bio) and removes the
    ///     communities they are the top moderator of; those models show it when read again.
    ///   - expiry: When the ban ends; nil for a permanent one. Lemmy 0.19 and 1.0 make a ban of
    ///     more than ten years permanent; 0.18 takes any time, and one in the past ends at once.
    @discardableResult public func banFromInstance(
        _ ban: Bool = true, reason: String? = nil, removingContent: Bool = false, until expiry: Date? = nil
    ) async -> MutationResult {
        let person = person2
        // What the server held before: a re-read that finds `ban` tells a lost answer's fate only
        // if it differs.
        let wasBanned = person.confirmed.isBanned
        let expires = expiry.map(\.banExpirySeconds)
        return await api.mutate(
            person,
            optimistic: { model in
                model.isBanned = ban
                model.banExpires = ban ? expires.map { Date(timeIntervalSince1970: Double($0)) } : nil
            }
        ) { () async throws(ApiClientError) in
            let api = person.api
            let generation = try await api.generation()
            var form = ApiBanPerson(personId: person.id, ban: ban, reason: try await api.moderationReason(reason))
            // Explicit per generation: different members and responses (0.18/0.19
            // BanPersonResponse, 1.0 PersonResponse).
            if generation == .v4 {
                form.removeOrRestoreData = removingContent
                form.expiresAt = expires
                try api.mergeAnswer(try await api.send(LemmyV4.BanPerson(form), mutation: true).personView, about: person.id)
            } else {
                form.removeData = removingContent
                form.expires = expires
                try api.mergeAnswer(try await api.send(LemmyV3.BanPerson(form), mutation: true).personView, about: person.id)
            }
            if removingContent { api.confirmContentRemoved(of: person.id, ban, generation: generation) }
            person.confirm(sequence: api.mergeSequence) { $0.isBanned = ban }
        } reread: { () async throws(ApiClientError) in
            let api = person.api
            // The answer was lost: if the server did ban (or unban), it removed the content in the
            // same request. A person already in that state before tells nothing of the content, so
            // the mutation stays failed (its error says the answer was lost).
            let reread = try await api.getPerson(id: person.id)
            guard removingContent, reread.isBanned == ban else { return }
            guard wasBanned != ban else { throw .transport("the answer was lost: whether the content was removed is unknown") }
            api.confirmContentRemoved(of: person.id, ban, generation: try await api.generation())
        } achieved: {
            $0.confirmed.isBanned == ban
        }
    }
}

extension ApiClient {
    /// Shows the server's removal (or restoration) of a person's posts and comments, after a ban
    /// or unban with `remove_data`, in the loaded models as confirmed state: 0.18 and 0.19 remove
    /// them whatever `ban` is, 1.0 sets them removed as `ban` says.
    fileprivate func confirmContentRemoved(of personId: Int, _ ban: Bool, generation: LemmyAPIGeneration) {
        let removed = generation == .v4 ? ban : true
        for post in caches.post1.values where post.creatorId == personId { applyConfirmed(post) { $0.removed = removed } }
        for comment in caches.comment1.values where comment.creatorId == personId { applyConfirmed(comment) { $0.removed = removed } }
    }
}
