internal import LemmyAPI

/// Lemmy 1.0's notification settings of a community and of a post: optimistic, ordered per
/// model, rolled back on failure.
///
/// The server answers only `success`, so the model keeps the mode it asked for once the answer
/// says so; a lost answer is settled by reading the community or post again. Before 1.0 there
/// are no settings: the result is `.failed` with ``ApiClientError/unavailableInVersion(_:)``.
extension Community2Providing {
    /// Sets what the account hears of the community's new posts and comments.
    ///
    /// As on Lemmy, ``CommunityNotificationMode/allPosts`` and
    /// ``CommunityNotificationMode/allPostsAndComments`` of a remote community also follow it
    /// (the server needs its posts): read the community again to see the subscription.
    @discardableResult public func setNotificationMode(_ mode: CommunityNotificationMode) async -> MutationResult {
        let community = community2
        guard community.notificationMode != mode else { return .unchanged }
        return await api.mutate(community, optimistic: { $0.notificationMode = mode }) { () async throws(ApiClientError) in
            guard let wire = mode.api else { throw .unsupported("a notification mode this client does not know cannot be sent") }
            try await community.api.requireNotificationSettings()
            let form = ApiEditCommunityNotifications(communityId: community.id, mode: wire)
            guard try await community.api.send(LemmyV4.EditCommunityNotifications(form), mutation: true).success else {
                _ = try await community.api.getCommunity(id: community.id)
                return
            }
            community.confirm(sequence: community.api.mergeSequence) { $0.notificationMode = mode }
        } reread: { () async throws(ApiClientError) in
            _ = try await community.api.getCommunity(id: community.id)
        } achieved: {
            $0.confirmed.notificationMode == mode
        }
    }
}

extension Post2Providing {
    /// Sets what the account hears of the post's new comments. As on Lemmy,
    /// ``PostNotificationMode/allComments`` in a remote community also follows the community.
    @discardableResult public func setNotificationMode(_ mode: PostNotificationMode) async -> MutationResult {
        let post = post2
        guard post.notificationMode != mode else { return .unchanged }
        return await api.mutate(post, optimistic: { $0.notificationMode = mode }) { () async throws(ApiClientError) in
            guard let wire = mode.api else { throw .unsupported("a notification mode this client does not know cannot be sent") }
            try await post.api.requireNotificationSettings()
            let form = ApiEditPostNotifications(postId: post.id, mode: wire)
            guard try await post.api.send(LemmyV4.EditPostNotifications(form), mutation: true).success else {
                _ = try await post.api.getPost(id: post.id)
                return
            }
            post.confirm(sequence: post.api.mergeSequence) { $0.notificationMode = mode }
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        } achieved: {
            $0.confirmed.notificationMode == mode
        }
    }
}

extension ApiClient {
    /// Throws ``ApiClientError/unavailableInVersion(_:)`` unless the server has notification
    /// settings (Lemmy 1.0 and later).
    func requireNotificationSettings() async throws(ApiClientError) {
        guard try await generation() == .v4 else {
            throw .unavailableInVersion("notification settings of communities and posts need Lemmy 1.0 or later")
        }
    }
}
