internal import LemmyAPI

/// Deleting a community (its top moderator) and removing one (admins). Optimistic like every
/// mutation; a refusal (`not_top_mod`, `not_an_admin`) rolls back.
extension Community1Providing {
    /// Deletes or restores the community. Only its top moderator (the first in its moderator
    /// list) may; anyone else is refused with `not_top_mod`. While it is deleted, Lemmy 0.19 and
    /// 1.0 refuse every other moderator action in it (`deleted`), and nobody posts or comments.
    @discardableResult public func delete(_ deleted: Bool = true) async -> MutationResult {
        let community = community1
        return await api.mutate(community, optimistic: { $0.deleted = deleted }) { () async throws(ApiClientError) in
            let form = ApiDeleteCommunity(communityId: community.id, deleted: deleted)
            let view = try await community.api.send(LemmyAnyGeneration.DeleteCommunity(form), mutation: true).communityView
            try community.api.mergeAnswer(view, about: community.id)
        }
    }

    /// Removes or restores the community (admins; `not_an_admin` otherwise), with `reason` in
    /// the modlog. Either way Lemmy 1.0 resolves the reports about the community, and the
    /// reports this client holds show it.
    @discardableResult public func remove(_ removed: Bool = true, reason: String? = nil) async -> MutationResult {
        let community = community1
        return await api.mutate(community, optimistic: { $0.removed = removed }) { () async throws(ApiClientError) in
            let form = ApiRemoveCommunity(
                communityId: community.id, removed: removed, reason: try await community.api.moderationReason(reason))
            let view = try await community.api.send(LemmyAnyGeneration.RemoveCommunity(form), mutation: true).communityView
            try community.api.mergeAnswer(view, about: community.id)
            // Lemmy 1.0 resolves the reports about the community, whether removing or restoring.
            community.api.resolveHeldReports { $0.id.kind == .community && $0.community?.id == community.id }
        }
    }
}
