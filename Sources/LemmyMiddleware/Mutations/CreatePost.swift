public import Foundation
internal import LemmyAPI

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
    public func createPost(
        communityId: Int, title: String, body: String? = nil, url: URL? = nil,
        altText: String? = nil, nsfw: Bool = false, languageId: Int? = nil,
        customThumbnail: URL? = nil
    ) async throws(ApiClientError) -> Post2 {
        try checkPermission(mutation: true)
        try requireAccount()
        let form = ApiCreatePost(
            name: title, communityId: communityId, url: url?.absoluteString, body: body,
            altText: altText, nsfw: nsfw ? true : nil, languageId: languageId,
            customThumbnail: customThumbnail?.absoluteString)
        let view =
            try await generation() == .v4
            ? try await send(LemmyV4.CreatePost(form), mutation: true).postView
            : try await send(LemmyV3.CreatePost(form), mutation: true).postView
        return post2(view)
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
