internal import Foundation
internal import LemmyAPI

/// Lists of what the account did: the posts and comments it voted on, and (Lemmy 1.0) the posts
/// it read or hid.
extension ApiClient {
    /// A page of the posts (`comments == false`) or comments the account upvoted (`vote ==
    /// .upvote`) or downvoted (`.downvote`).
    ///
    /// - Lemmy 1.0 lists them newest vote first (ListPersonLiked), the account's own posts and
    ///   comments too (Lemmy upvotes them as they are made). Its posts list holds comments as
    ///   well; they are left out here, and the following pages read to fill this one.
    /// - Lemmy 0.19 filters posts and comments newest first (`liked_only` / `disliked_only`),
    ///   featured posts first, and leaves out the account's own posts and comments. Read and
    ///   hidden posts are asked for too where the version takes `show_read` (0.19.9) and
    ///   `show_hidden` (0.19.4); before, an account that hides read posts sees none of the posts
    ///   it voted on (a vote marks a post read).
    /// - Lemmy 0.18 has no such list: ``ApiClientError/unavailableInVersion(_:)``.
    ///
    /// `.none` asks for nothing a server can list and fails with ``ApiClientError/unsupported(_:)``.
    public func getVoted(_ vote: ScoringOperation, comments: Bool, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError)
        -> ContentPage<PostOrComment>
    {
        try requireAccount()
        guard vote != .none else { throw .unsupported("a list of votes is of upvotes or of downvotes") }
        let version = try await version()
        if version.usesAuthField { throw .unavailableInVersion("lists of voted posts and comments need Lemmy 0.19 or later") }
        // Explicit per generation: different calls: 1.0 lists votes, 0.19 filters posts and comments.
        if version.generation == .v4 {
            let form = ApiListPersonLiked(
                type: comments ? .comments : .posts, likeType: vote == .upvote ? .likedOnly : .dislikedOnly, limit: limit)
            return try await combinedPage(LemmyV4.ListPersonLiked(form), comments: comments, limit: limit, at: cursor)
        }
        // All: without a type Lemmy lists by the account's default listing, which would leave
        // out votes in remote communities.
        if comments {
            var form = ApiGetComments(type: .all, sort: .new, limit: limit)
            if vote == .upvote { form.likedOnly = true } else { form.dislikedOnly = true }
            let page = try await page(LemmyV3.GetComments(form), at: cursor)
            return ContentPage(items: page.items.map { .comment(comment2($0)) }, next: page.next)
        }
        var form = ApiGetPosts(type: .all, sort: .new, limit: limit)
        if vote == .upvote { form.likedOnly = true } else { form.dislikedOnly = true }
        // Each where the version has it: the form is refused for a member its version lacks.
        for (show, name) in [(\ApiGetPosts.showHidden, "show_hidden"), (\ApiGetPosts.showRead, "show_read")] {
            var wider = form
            wider[keyPath: show] = true
            let items = try? LemmyV3.GetPosts(wider).queryItems(style: .omitNil, version: version.apiVersion)
            if items?.contains(where: { $0.name == name }) == true { form = wider }
        }
        let page = try await page(LemmyV3.GetPosts(form), at: cursor)
        return ContentPage(items: page.items.map { .post(post2($0)) }, next: page.next)
    }

    /// A page of the posts the account read, most recently read first (Lemmy 1.0's
    /// ListPersonRead; earlier versions keep no such list and fail with
    /// ``ApiClientError/unavailableInVersion(_:)``). Posts of blocked people, communities and
    /// instances are left out. Voting on or saving a post reads it again.
    ///
    /// Lemmy 1.0 cannot read back the cursor it hands out for these lists (it writes a post's
    /// cursor and parses one of post actions), so a page after the first is refused
    /// `couldnt_parse_pagination_token` (a ``ApiClientError/Kind/lemmy`` error): ask for up to 50
    /// at once. The same holds for ``getHiddenPosts(limit:cursor:)``.
    public func getReadPosts(limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<Post2> {
        try await requireV4List("the history of read posts")
        let page = try await page(LemmyV4.ListPersonRead(ApiListPersonRead(limit: limit)), at: cursor)
        return ContentPage(items: page.items.map(post2), next: page.next)
    }

    /// A page of the posts the account hid, most recently hidden first (Lemmy 1.0's
    /// ListPersonHidden; 0.19 can hide posts but not list them, so it and 0.18 fail with
    /// ``ApiClientError/unavailableInVersion(_:)``).
    public func getHiddenPosts(limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<Post2> {
        try await requireV4List("the list of hidden posts")
        let page = try await page(LemmyV4.ListPersonHidden(ApiListPersonHidden(limit: limit)), at: cursor)
        return ContentPage(items: page.items.map(post2), next: page.next)
    }

    private func requireV4List(_ what: String) async throws(ApiClientError) {
        try requireAccount()
        guard try await generation() == .v4 else { throw .unavailableInVersion("\(what) needs Lemmy 1.0") }
    }
}
