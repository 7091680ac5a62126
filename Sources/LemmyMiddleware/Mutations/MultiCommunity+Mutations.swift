internal import LemmyAPI

/// Following, editing and deleting a multi-community (Lemmy 1.0): optimistic, ordered per
/// model, rolled back on a refusal, settled by reading it again when an answer is lost. Before
/// 1.0 each fails with ``ApiClientError/unavailableInVersion(_:)``.
extension MultiCommunity1Providing {
    /// Follows or unfollows. A local multi-community's follow is accepted at once and counted;
    /// another instance's stays pending until it accepts.
    @discardableResult public func toggleSubscribe() async -> MutationResult {
        let multi = multiCommunity1
        let follow = !multi.subscription.isSubscribed
        return await api.mutate(
            multi,
            optimistic: { model in
                // Lemmy counts accepted follows only: a local one's at once, a remote one's once
                // its instance accepts; leaving takes one off only if it was counted.
                let counted = follow ? model.isLocal : model.subscription == .subscribed
                model.subscription = follow ? (model.isLocal ? .subscribed : .pending) : .unsubscribed
                if counted { model.subscriberCount = model.subscriberCount.countAdding(follow ? 1 : -1) }
                if let account = model.api.account { Account.set(&account.followedMultiCommunityIds, model.id, member: follow) }
            }
        ) { () async throws(ApiClientError) in
            try await multi.api.requireMultiCommunities()
            let form = ApiFollowMultiCommunity(multiCommunityId: multi.id, follow: follow)
            let view = try await multi.api.send(LemmyV4.FollowMultiCommunity(form), mutation: true).multiCommunityView
            try multi.api.mergeAnswer(view, about: multi.id)
        } reread: { () async throws(ApiClientError) in
            try await multi.api.readMultiCommunity1(id: multi.id)
        } achieved: {
            $0.confirmed.subscription.isSubscribed == follow
        } rollback: {
            if let account = multi.api.account {
                Account.set(&account.followedMultiCommunityIds, multi.id, member: multi.confirmed.subscription.isSubscribed)
            }
        }
    }

    /// Changes the title, the summary or the sidebar; nil leaves one as it is, an empty summary
    /// or sidebar clears it. The creator may, and for a local one the instance's admins; others
    /// get `multi_community_update_wrong_user`. The title cannot be cleared (Lemmy checks it as
    /// a display name: `invalid_display_name`).
    ///
    /// After a lost answer the edit is read back: Lemmy trims the title, as the model shows it,
    /// but rewrites some links of a sidebar (it drops tracking parameters), which then reads as
    /// not made.
    @discardableResult public func edit(title: String? = nil, summary: String? = nil, sidebar: String? = nil) async -> MutationResult {
        let title = title.map(MultiCommunity1.trimmed)
        return await api.editMultiCommunity(
            multiCommunity1, ApiEditMultiCommunity(id: id, title: title, summary: summary, sidebar: sidebar)
        ) { model in
            if let title { model.displayName = title.isEmpty ? model.name : title }
            if let summary { model.summary = summary.isEmpty ? nil : summary }
            if let sidebar { model.sidebar = sidebar.isEmpty ? nil : sidebar }
        } achieved: { snapshot in
            (title.map { $0 == snapshot.displayName } ?? true) && (summary.map { ($0.isEmpty ? nil : $0) == snapshot.summary } ?? true)
                && (sidebar.map { ($0.isEmpty ? nil : $0) == snapshot.sidebar } ?? true)
        }
    }

    /// Deletes the multi-community, or restores it. Lemmy keeps serving and listing a deleted
    /// one (flagged ``MultiCommunity1/deleted``), and its feed still lists posts.
    @discardableResult public func setDeleted(_ deleted: Bool) async -> MutationResult {
        guard multiCommunity1.deleted != deleted else { return .unchanged }
        return await api.editMultiCommunity(multiCommunity1, ApiEditMultiCommunity(id: id, deleted: deleted)) { model in
            model.deleted = deleted
        } achieved: {
            $0.deleted == deleted
        }
    }
}

extension MultiCommunity1 {
    /// Rust's `str::trim`, as Lemmy trims a title: scalars with Unicode's White_Space property off
    /// both ends.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension ApiClient {
    /// Sends `form` for `multi` after showing `optimistic`; `achieved` tells from a re-read
    /// snapshot whether the edit is in place after a lost answer.
    fileprivate func editMultiCommunity(
        _ multi: MultiCommunity1, _ form: ApiEditMultiCommunity, optimistic: (MultiCommunity1) -> Void,
        achieved: @escaping @MainActor (MultiCommunity1Snapshot) -> Bool
    ) async -> MutationResult {
        await mutate(multi, optimistic: optimistic) { () async throws(ApiClientError) in
            try await self.requireMultiCommunities()
            let view = try await self.send(LemmyV4.EditMultiCommunity(form), mutation: true).multiCommunityView
            try self.mergeAnswer(view, about: multi.id)
        } reread: { () async throws(ApiClientError) in
            try await self.readMultiCommunity1(id: multi.id)
        } achieved: {
            achieved($0.confirmed)
        }
    }

    /// Merges `view`, the answer to a change of multi-community `id`.
    func mergeAnswer(_ view: ApiMultiCommunityView, about id: Int) throws(ApiClientError) {
        try Self.requireSame("multi-community", answered: view.multi.id, asked: id)
        _ = multiCommunity1(view)
    }
}
