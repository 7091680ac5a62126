internal import LemmyAPI

/// Lemmy 1.0's notification settings of a community and of a post: optimistic, ordered per
/// model, rolled back on failure.
///
/// The server answers only `success`, so the model keeps the mode it asked for once the answer
/// says so; a lost answer, or `success: false`, is settled by reading the community or post
/// again. Before 1.0 there are no settings: the result is `.failed` with
/// ``ApiClientError/unavailableInVersion(_:)``.
extension Community2Providing {
    /// Sets what the account hears of the community's new posts and comments.
    ///
    /// As on Lemmy, ``CommunityNotificationMode/allPosts`` and
    /// ``CommunityNotificationMode/allPostsAndComments`` of a remote community also follow it
    /// (the server needs its posts): read the community again to see the subscription.
    @discardableResult public func setNotificationMode(_ mode: CommunityNotificationMode) async -> MutationResult {
        let community = community2
        guard let wire = mode.api else { return api.refuseUnknownNotificationMode() }
        return await api.setNotificationMode(community, mode, shown: \.notificationMode, confirmed: \.notificationMode) {
            () async throws(ApiClientError) -> Bool in
            let form = ApiEditCommunityNotifications(communityId: community.id, mode: wire)
            return try await community.api.send(LemmyV4.EditCommunityNotifications(form), mutation: true).success
        } reread: { () async throws(ApiClientError) in
            _ = try await community.api.getCommunity(id: community.id)
        }
    }
}

extension Post2Providing {
    /// Sets what the account hears of the post's new comments. As on Lemmy,
    /// ``PostNotificationMode/allComments`` in a remote community also follows the community.
    @discardableResult public func setNotificationMode(_ mode: PostNotificationMode) async -> MutationResult {
        let post = post2
        guard let wire = mode.api else { return api.refuseUnknownNotificationMode() }
        return await api.setNotificationMode(post, mode, shown: \.notificationMode, confirmed: \.notificationMode) {
            () async throws(ApiClientError) -> Bool in
            let form = ApiEditPostNotifications(postId: post.id, mode: wire)
            return try await post.api.send(LemmyV4.EditPostNotifications(form), mutation: true).success
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        }
    }
}

extension ApiClient {
    /// A mode this client does not know (`other`) is shown, never sent.
    fileprivate func refuseUnknownNotificationMode() -> MutationResult {
        .failed(.unsupported("a notification mode this client does not know cannot be sent"))
    }

    /// Sets `model`'s notification mode (at `shown`, and `confirmed` in its snapshot) to `mode`:
    /// `send` tells the server and returns its `success`; `reread` reads the model again.
    fileprivate func setNotificationMode<Model: SnapshotBacked, Mode: Equatable & Sendable>(
        _ model: Model, _ mode: Mode, shown: ReferenceWritableKeyPath<Model, Mode>, confirmed: WritableKeyPath<Model.Snapshot, Mode>,
        send: @escaping @MainActor () async throws(ApiClientError) -> Bool,
        reread: @escaping @MainActor () async throws(ApiClientError) -> Void
    ) async -> MutationResult {
        guard model[keyPath: shown] != mode else { return .unchanged }
        return await mutate(model, optimistic: { $0[keyPath: shown] = mode }) { () async throws(ApiClientError) in
            guard try await self.generation() == .v4 else {
                throw .unavailableInVersion("notification settings of communities and posts need Lemmy 1.0 or later")
            }
            if try await send() {
                // Read before any suspension: the sequence of the request just answered.
                model.confirm(sequence: self.mergeSequence) { $0[keyPath: confirmed] = mode }
            } else {
                // Not confirmed: the server's state decides, shown once the queue drains.
                try await reread()
                guard model.confirmed[keyPath: confirmed] == mode else {
                    throw .unsupported("the server did not confirm the notification mode, and holds another")
                }
            }
        } reread: { () async throws(ApiClientError) in
            try await reread()
        } achieved: {
            $0.confirmed[keyPath: confirmed] == mode
        }
    }
}
