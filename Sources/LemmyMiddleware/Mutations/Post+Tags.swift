internal import LemmyAPI

extension Post2Providing {
    /// Sets the post's tags (Lemmy 1.0) to the community's tags with ids `tagIds`, replacing the
    /// post's; `[]` clears them. Shown at once (the tags this client knows of the post and of its
    /// community); rolled back if the server refuses, e.g. with `tag_not_in_community` for a tag
    /// of another community or a deleted one.
    ///
    /// The post's author sends it as an edit; a moderator or admin of the community, on someone
    /// else's post, as 1.0's moderator edit (`not_a_mod_or_admin` for anyone else). Before 1.0
    /// it fails with ``ApiClientError/unavailableInVersion(_:)`` without a request.
    @discardableResult public func setTags(_ tagIds: [Int]) async -> MutationResult {
        let post = post2
        let known = post._tags + (post.api.caches.community2[post.post1._communityId]?._tags ?? [])
        let shown = tagIds.compactMap { id in known.first { $0.id == id } }
        return await api.mutate(post, optimistic: { $0.tags = shown }) { () async throws(ApiClientError) in
            let api = post.api
            guard try await api.generation() == .v4 else { throw .unavailableInVersion("post tags (Lemmy 1.0 and later)") }
            let view: ApiPostView
            if try await api.accountPersonId() == post.creatorId {
                view = try await api.send(LemmyV4.EditPost(ApiEditPost(postId: post.id, tags: tagIds)), mutation: true).postView
            } else {
                view = try await api.send(LemmyV4.ModEditPost(ApiModEditPost(postId: post.id, tags: tagIds)), mutation: true).postView
            }
            try api.mergeAnswer(view, about: post.id)
        } reread: { () async throws(ApiClientError) in
            _ = try await post.api.getPost(id: post.id)
        } achieved: {
            Set($0.confirmed.tags.map(\.id)) == Set(tagIds)
        }
    }
}

extension ApiClient {
    /// The signed-in account's person id, loading the account if it is not loaded yet.
    func accountPersonId() async throws(ApiClientError) -> Int {
        if let person = account?.person { return person.id }
        guard let person = try await loadAccount().person else { throw .notLoggedIn }
        return person.id
    }
}
