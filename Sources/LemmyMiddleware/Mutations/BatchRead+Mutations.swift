internal import LemmyAPI

extension ApiClient {
    /// Marks many posts read (or unread) at once: every model changes immediately, one request
    /// goes out (0.19: `post_ids`; 1.0: MarkManyPostsAsRead; 0.18, which has no batch form: one
    /// request per post), and all roll back if it fails.
    ///
    /// The batch request is sent at once rather than behind each post's earlier mutations; only
    /// the read flag is involved, which no other mutation writes.
    @discardableResult
    public func markRead(_ posts: [any Post2Providing], read: Bool = true) async -> MutationResult {
        let targets = posts.map(\.post2).filter { $0.read != read }
        guard !targets.isEmpty else { return .unchanged }
        do {
            try checkPermission(mutation: true)
            try requireAccount()
        } catch {
            return .failed(error)
        }
        let ids = targets.map(\.id)
        let batch = Task { @MainActor [self] () -> ApiClientError? in
            do throws(ApiClientError) {
                let version = try await self.version()
                if version.generation == .v4 {
                    _ = try await send(LemmyV4.MarkManyPostsAsRead(ApiMarkManyPostsAsRead(postIds: ids, read: read)), mutation: true)
                } else if version.usesAuthField {
                    for id in ids {
                        _ = try await send(MarkPostAsRead018(ApiMarkPostAsRead(postId: id, read: read)), mutation: true)
                    }
                } else {
                    _ = try await send(LemmyV3.MarkPostAsRead(ApiMarkPostAsRead(read: read, postIds: ids)), mutation: true)
                }
                return nil
            } catch {
                return error
            }
        }
        let tasks = targets.map { post in
            startMutation(post, optimistic: { $0.read = read }) { () async throws(ApiClientError) in
                if let error = await batch.value { throw error }
                post.confirmed.read = read
            }
        }
        var outcome = MutationResult.confirmed
        for task in tasks {
            let result = await task.value
            if result.isFailure, !outcome.isFailure { outcome = result }
        }
        return outcome
    }
}
