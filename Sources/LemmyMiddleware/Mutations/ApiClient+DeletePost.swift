internal import LemmyAPI

extension ApiClient {
    /// Deletes or restores the account's own post `id` without reading it first, and returns it,
    /// merged into the caches.
    ///
    /// ``Post2/delete(_:)`` needs the post's model, which takes a read; 0.18 shows a deleted post
    /// to its community's moderators and admins only, not to its author, so there the author can
    /// restore it only this way. Lemmy refuses to set the flag the post already has
    /// (`couldnt_update_post`; 1.0 `couldnt_update`).
    public func deletePost(id: Int, deleted: Bool = true) async throws(ApiClientError) -> Post2 {
        try requireAccount()
        let view = try await send(LemmyAnyGeneration.DeletePost(ApiDeletePost(postId: id, deleted: deleted)), mutation: true).postView
        try Self.requireSame("post", answered: view.post.id, asked: id)
        return post2(view)
    }
}
