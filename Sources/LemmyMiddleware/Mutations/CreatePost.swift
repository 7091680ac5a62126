public import Foundation
internal import LemmyAPI

/// A post whose creation may or may not have happened: its answer was lost.
struct UncertainPost: Hashable {
    var communityId: Int
    var title: String
    var body: String?
    var url: String?
}

/// Creating posts and cross-posts.
extension ApiClient {
    /// Creates a post in `communityId` and returns it as a live ``Post2``, merged into the caches
    /// (a later read of the same post returns the same object).
    ///
    /// Not optimistic: there is no post to show until the server has made it. The server checks
    /// the fields and answers with its typed errors (`invalid_post_title`, `invalid_url`,
    /// `language_not_allowed`, `only_mods_can_post_in_community`, ...), thrown as
    /// ``ApiClientError/lemmy(_:message:)``.
    ///
    /// Never creates the same post twice because an answer was lost: when the request fails in
    /// a way that does not say whether the server made the post (the connection closed after the
    /// request went out, a truncated answer), the community's newest posts are searched for one
    /// by this account with the same title, body and link, made since the first attempt; if it is
    /// there it is returned as if the answer had arrived. If that search fails too, the error is
    /// thrown and the attempt remembered: calling again with the same arguments searches first
    /// and posts only if the post is not there.
    ///
    /// - Parameters:
    ///   - communityId: The community to post in.
    ///   - title: The post's title (Lemmy: 1 to 200 characters after trimming).
    ///   - body: Markdown text, or nil for a link or title-only post.
    ///   - url: The link or image of the post (an ``UploadedImage/url`` for an uploaded image).
    ///   - altText: The image's description for screen readers (Lemmy 0.19 and later; on 0.18
    ///     this fails with ``ApiClientError/unavailableInVersion(_:)`` before anything is sent).
    ///   - nsfw: Whether the post is not safe for work.
    ///   - languageId: One of the site's languages, or nil for the account's default.
    ///   - customThumbnail: A thumbnail to show instead of the one Lemmy would fetch from `url`
    ///     (0.19 and later, like `altText`).
    ///   - tags: Ids of tags the community offers (``Community2Providing/tags``; Lemmy 1.0:
    ///     tags before 1.0 fail with ``ApiClientError/unavailableInVersion(_:)`` before anything
    ///     is sent); repeats are ignored. Lemmy checks the tags only after it made the post, so
    ///     they are checked here first, against the community as this client holds it or, for a
    ///     tag it does not know there, as read again: a tag the community does not offer, or
    ///     offers deleted, fails with ``ApiClientError/lemmyCode`` `.tagNotInCommunity` without
    ///     making a post. Should Lemmy still refuse them (a tag deleted meanwhile), the post
    ///     exists without tags and the error is `.tagNotInCommunity`; calling again with the same
    ///     title, body and link then finds that post and sets its tags, rather than making a
    ///     second.
    public func createPost(
        communityId: Int, title: String, body: String? = nil, url: URL? = nil,
        altText: String? = nil, nsfw: Bool = false, languageId: Int? = nil,
        customThumbnail: URL? = nil, tags: [Int] = []
    ) async throws(ApiClientError) -> Post2 {
        try checkPermission(mutation: true)
        try requireAccount()
        let tags = tags.uniqued()
        if !tags.isEmpty { try await checkTags(tags, offeredBy: communityId) }
        let key = UncertainPost(communityId: communityId, title: title, body: body, url: url?.absoluteString)
        if let since = uncertainPosts[key] {
            if let existing = try await findCreatedPost(key, since: since) {
                try await setMissingTags(tags, on: existing, customThumbnail: customThumbnail)
                uncertainPosts[key] = nil
                return existing
            }
            uncertainPosts[key] = nil
        }
        let started = Date()
        let form = ApiCreatePost(
            name: title, communityId: communityId, url: url?.absoluteString, body: body,
            altText: altText, nsfw: nsfw ? true : nil, languageId: languageId,
            customThumbnail: customThumbnail?.absoluteString, tags: tags.isEmpty ? nil : tags)
        let view: ApiPostView
        do {
            view =
                try await generation() == .v4
                ? try await send(LemmyV4.CreatePost(form), mutation: true).postView
                : try await send(LemmyV3.CreatePost(form), mutation: true).postView
        } catch {
            if error.lemmyCode == .tagNotInCommunity {
                // Made, then the tags refused: a call again finds the post instead of making another.
                uncertainPosts[key] = started
                throw error
            }
            guard error.mayHaveReachedServer else { throw error }
            uncertainPosts[key] = started
            let found: Post2?
            do { found = try await findCreatedPost(key, since: started) } catch { throw error }
            guard let found else {
                uncertainPosts[key] = nil
                throw error
            }
            // The answer was lost: Lemmy may have stopped after the post, before the tags.
            try await setMissingTags(tags, on: found, customThumbnail: customThumbnail)
            uncertainPosts[key] = nil
            return found
        }
        return post2(view)
    }

    /// The account's post matching `key` among the community's newest, made at or after `since`
    /// (less a few minutes for a server clock that runs behind), or nil. Titles and bodies are
    /// compared without surrounding whitespace, which Lemmy trims.
    private func findCreatedPost(_ key: UncertainPost, since: Date) async throws(ApiClientError) -> Post2? {
        let me = try await accountPersonId()
        let views = try await postViews(feed: .community(id: key.communityId), sort: .new, limit: 50, cursor: nil).items
        let earliest = since.addingTimeInterval(-300)
        func trimmed(_ text: String?) -> String { (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        guard
            let view = views.first(where: { view in
                let post = view.post
                return post.creatorId == me && trimmed(post.name) == trimmed(key.title) && trimmed(post.body) == trimmed(key.body)
                    && (key.url == nil || post.url == key.url) && post.publishedAt.date >= earliest
            })
        else { return nil }
        return post2(view)
    }

    /// Gives `post`, one this account made whose tags Lemmy may have refused after making it,
    /// the `tags` it lacks, with an edit that repeats its custom thumbnail (an edit reads the
    /// link's page again, and would otherwise drop it). Lemmy's author vote and read mark, which
    /// come after the tags, stay missing on such a post.
    private func setMissingTags(_ tags: [Int], on post: Post2, customThumbnail: URL?) async throws(ApiClientError) {
        guard !tags.isEmpty, Set(post._tags.map(\.id)) != Set(tags) else { return }
        let form = ApiEditPost(postId: post.id, customThumbnail: customThumbnail?.absoluteString, tags: tags)
        try mergeAnswer(try await send(LemmyV4.EditPost(form), mutation: true).postView, about: post.id)
    }

    /// Throws unless the server has tags (1.0) and the community offers each of `tags` undeleted:
    /// as this client holds it, else (not held, or a tag it does not know) as read again now.
    /// Lemmy checks the tags only after making the post, so a tag it would refuse must not reach it.
    private func checkTags(_ tags: [Int], offeredBy communityId: Int) async throws(ApiClientError) {
        try await requireTags(for: "post tags")
        func offered(_ community: Community2) -> Set<Int> { Set(community._tags.lazy.filter { !$0.isDeleted }.map(\.id)) }
        if let community = caches.community2[communityId], offered(community).isSuperset(of: tags) { return }
        let community = try await getCommunity(id: communityId).community2
        let offered = offered(community)
        guard offered.isSuperset(of: tags) else {
            throw .lemmy(
                .tagNotInCommunity, message: "the community does not offer tags \(tags.filter { !offered.contains($0) }); nothing was sent")
        }
    }

    /// Posts `post` again in `communityId`.
    ///
    /// Lemmy has no cross-post endpoint: a cross-post is a new post with the same URL, which
    /// Lemmy then lists in each one's ``Post3Providing/crossPosts`` (from ``getPost(id:)``). As
    /// lemmy-ui does, the body starts with a `cross-posted from:` line naming the original.
    public func crossPost(_ post: any Post1Providing, to communityId: Int) async throws(ApiClientError) -> Post2 {
        var body = "cross-posted from: \(post.actorId.absoluteString)"
        if let content = post.content, !content.isEmpty {
            body += "\n\n" + content.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }.joined(separator: "\n")
        }
        return try await createPost(
            communityId: communityId, title: post.title, body: body, url: post.linkURL,
            nsfw: post.nsfw, languageId: post.languageId == 0 ? nil : post.languageId)
    }
}
