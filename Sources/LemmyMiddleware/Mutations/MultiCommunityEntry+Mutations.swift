internal import LemmyAPI

/// Adding and removing a multi-community's communities (Lemmy 1.0), by its creator (or, for a
/// local one, an admin): shown at once in ``MultiCommunity2/communities`` and
/// ``MultiCommunity1/communityCount``; once the server agrees, both are read again from it
/// (its count includes communities the account does not see, and its order is its own).
extension MultiCommunity2Providing {
    /// Adds `community`. Lemmy refuses a deleted or removed community (`deleted`), one already
    /// in (`couldnt_create`), and a 51st (`multi_community_entry_limit_reached`).
    @discardableResult public func add(_ community: some Community2Providing) async -> MutationResult {
        let multi = multiCommunity2
        let added = community.community2
        guard !multi.communities.contains(where: { $0 === added }) else { return .unchanged }
        return await api.changeEntries(of: multi, community: added.id, adding: true) { $0 + [added] }
    }

    /// Removes `community`. Lemmy answers success for a community that is not in it.
    @discardableResult public func remove(_ community: some Community1Providing) async -> MutationResult {
        let multi = multiCommunity2
        let id = community.community1.id
        return await api.changeEntries(of: multi, community: id, adding: false) { $0.filter { $0.id != id } }
    }
}

extension ApiClient {
    /// Shows `list` applied to `multi`'s communities (and the count moved by one when the list
    /// changed), then adds or removes the entry; a refusal brings back the list the server last
    /// sent (also after other changes queued behind it), a lost answer reads the multi-community
    /// again.
    fileprivate func changeEntries(
        of multi: MultiCommunity2, community: Int, adding: Bool, list: @escaping ([Community2]) -> [Community2]
    ) async -> MutationResult {
        let before = multi.communities
        return await mutate(
            multi.multiCommunity1,
            optimistic: { model in
                let after = list(before)
                if after.count != before.count { model.communityCount = model.communityCount.countAdding(adding ? 1 : -1) }
                multi.showCommunities(after)
            }
        ) { () async throws(ApiClientError) in
            try await self.requireMultiCommunities()
            let form = ApiCreateOrDeleteMultiCommunityEntry(id: multi.id, communityId: community)
            if adding {
                let view = try await self.send(LemmyV4.CreateMultiCommunityEntry(form), mutation: true).communityView
                try self.mergeAnswer(view, about: community)
            } else {
                _ = try await self.send(LemmyV4.DeleteMultiCommunityEntry(form), mutation: true)
            }
            _ = try await self.getMultiCommunity(id: multi.id)
        } reread: { () async throws(ApiClientError) in
            _ = try await self.getMultiCommunity(id: multi.id)
        } achieved: { _ in
            // Read from the list the account sees: after a lost answer, adding a community it
            // does not see (blocked, NSFW hidden) is reported failed though the server made it.
            multi.communities.contains { $0.id == community } == adding
        } rollback: {
            multi.restoreCommunities()
        }
    }
}

extension MultiCommunity2 {
    /// Shows `list` as the communities until the server's next answer replaces it.
    func showCommunities(_ list: [Community2]) {
        if !list.elementsEqual(communities, by: ===) { communities = list }
    }
}
