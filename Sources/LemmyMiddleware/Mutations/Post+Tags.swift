internal import LemmyAPI

extension Post2Providing {
    /// Sets the post's tags (Lemmy 1.0) to the community's tags with ids `tagIds` (repeats
    /// ignored), replacing the post's; `[]` clears them. Shown at once (the tags this client
    /// knows of the post and of its community); rolled back if the server refuses, e.g. with
    /// `tag_not_in_community` for a tag of another community or a deleted one.
    ///
    /// A moderator of the community or an admin sends 1.0's moderator edit, which changes the
    /// tags alone; the post's author otherwise sends an edit (which Lemmy treats as any edit:
    /// it reads the link again and notifies mentions). Anyone else is refused
    /// (`not_a_mod_or_admin`). Before 1.0 it fails with ``ApiClientError/unavailableInVersion(_:)``
    /// without a request.
    @discardableResult public func setTags(_ tagIds: [Int]) async -> MutationResult {
        let post = post2
        let tagIds = tagIds.uniqued()
        let known = post._tags + (post.api.caches.community2[post.post1._communityId]?._tags ?? [])
        let shown = tagIds.compactMap { id in known.first { $0.id == id } }
        return await api.mutate(post, optimistic: { $0.tags = shown }) { () async throws(ApiClientError) in
            let api = post.api
            try await api.requireTags(for: "post tags")
            let view: ApiPostView
            let moderates = try await api.moderates(post.post1._communityId)
            let isAuthor = try await api.accountPersonId() == post.creatorId
            if moderates || api.account?.isAdmin == true || !isAuthor {
                view = try await api.send(LemmyV4.ModEditPost(ApiModEditPost(postId: post.id, tags: tagIds)), mutation: true).postView
            } else {
                view = try await api.send(LemmyV4.EditPost(ApiEditPost(postId: post.id, tags: tagIds)), mutation: true).postView
            }
            try api.mergeAnswer(view, about: post.id)
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        } achieved: {
            Set($0.confirmed.tags.map(\.id)) == Set(tagIds)
        }
    }
}
