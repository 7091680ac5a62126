internal import LemmyAPI

/// Paged reads the feeds need: inbox lists, a person's and the account's saved content, the
/// modlog, comment subtrees and typed search.
extension ApiClient {
    /// A page of replies to the account (1.0: reply notifications).
    public func getReplies(unreadOnly: Bool = false, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<
        Reply1
    > {
        try requireAccount()
        // Explicit per generation: different calls: 1.0 notifications, 0.18/0.19 replies.
        if try await generation() == .v4 {
            let page = try await notifications(kind: "reply", unreadOnly: unreadOnly, limit: limit, cursor: cursor)
            return ContentPage(items: page.items.compactMap { reply1($0) }, next: page.next)
        }
        let form = ApiGetReplies(sort: .new, page: cursor?.pageNumber, limit: limit, unreadOnly: unreadOnly)
        let items = try await send(LemmyV3.GetReplies(form), mutation: false).replies.map { reply1($0) }
        return ContentPage(items: items, next: .nextPage(after: cursor, count: items.count, limit: limit))
    }

    /// A page of mentions of the account (1.0: mention notifications).
    public func getMentions(unreadOnly: Bool = false, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<
        Mention1
    > {
        try requireAccount()
        // Explicit per generation: different calls: 1.0 notifications, 0.18/0.19 mentions.
        if try await generation() == .v4 {
            let page = try await notifications(kind: "mention", unreadOnly: unreadOnly, limit: limit, cursor: cursor)
            return ContentPage(
                items: page.items.compactMap { if case .mention(let m)? = inboxItem($0) { m } else { nil } }, next: page.next)
        }
        let form = ApiGetPersonMentions(sort: .new, page: cursor?.pageNumber, limit: limit, unreadOnly: unreadOnly)
        let items = try await send(LemmyV3.GetPersonMentions(form), mutation: false).mentions.map { mention1($0) }
        return ContentPage(items: items, next: .nextPage(after: cursor, count: items.count, limit: limit))
    }

    /// A page of private messages to and from the account, newest first (1.0: message notifications).
    public func getMessages(unreadOnly: Bool = false, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<
        Message1
    > {
        try requireAccount()
        // Explicit per generation: different calls: 1.0 notifications, 0.18/0.19 private messages.
        if try await generation() == .v4 {
            let page = try await notifications(kind: "private_message", unreadOnly: unreadOnly, limit: limit, cursor: cursor)
            return ContentPage(
                items: page.items.compactMap { if case .message(let m)? = inboxItem($0) { m } else { nil } }, next: page.next)
        }
        let form = ApiGetPrivateMessages(unreadOnly: unreadOnly, page: cursor?.pageNumber, limit: limit)
        let items = try await send(LemmyV3.GetPrivateMessages(form), mutation: false).privateMessages.map { message1($0) }
        return ContentPage(items: items, next: .nextPage(after: cursor, count: items.count, limit: limit))
    }

    /// A page of 1.0 notifications (replies, mentions, messages), newest first. Lemmy 1.0 only.
    public func getNotifications(unreadOnly: Bool = false, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError)
        -> ContentPage<InboxItem>
    {
        try requireAccount()
        guard try await generation() == .v4 else { throw .unsupported("notifications before Lemmy 1.0 (use replies, mentions, messages)") }
        let page = try await notifications(kind: nil, unreadOnly: unreadOnly, limit: limit, cursor: cursor)
        return ContentPage(items: page.items.compactMap { inboxItem($0) }, next: page.next)
    }

    private func notifications(kind: String?, unreadOnly: Bool, limit: Int, cursor: PageCursor?) async throws(ApiClientError)
        -> (items: [ApiNotificationView], next: PageCursor?)
    {
        var form = ApiListNotifications(unreadOnly: unreadOnly, limit: limit)
        if let kind { form.type = .string(kind) }
        return try await page(LemmyV4.ListNotifications(form), at: cursor)
    }

    /// A page of a person's posts (`comments == false`) or comments, newest first.
    public func getPersonContent(personId: Int, comments: Bool, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError)
        -> ContentPage<PostOrComment>
    {
        // Explicit per generation: different calls: 1.0 lists person content, 0.18/0.19 read person details.
        if try await generation() == .v4 {
            let form = ApiListPersonContent(type: comments ? .comments : .posts, personId: personId, limit: limit)
            let page = try await page(LemmyV4.ListPersonContent(form), at: cursor)
            return ContentPage(items: page.items.compactMap { postOrComment($0) }, next: page.next)
        }
        let form = ApiGetPersonDetails(personId: personId, sort: .new, page: cursor?.pageNumber, limit: limit)
        let response = try await send(LemmyV3.GetPersonDetails(form), mutation: false)
        let items: [PostOrComment] =
            comments ? (response.comments ?? []).map { .comment(comment2($0)) } : (response.posts ?? []).map { .post(post2($0)) }
        return ContentPage(items: items, next: .nextPage(after: cursor, count: items.count, limit: limit))
    }

    /// A page of the account's saved posts (`comments == false`) or comments, newest first.
    public func getSaved(comments: Bool, limit: Int = 20, cursor: PageCursor?) async throws(ApiClientError) -> ContentPage<PostOrComment> {
        try requireAccount()
        // Explicit per generation: different calls: 1.0 lists saved content, 0.18/0.19 filter posts and comments.
        if try await generation() == .v4 {
            let form = ApiListPersonSaved(type: comments ? .comments : .posts, limit: limit)
            return try await combinedPage(LemmyV4.ListPersonSaved(form), comments: comments, limit: limit, at: cursor)
        }
        // All: without a type Lemmy lists by the account's default listing (`Local` unless
        // changed), which would leave out what was saved in remote communities.
        if comments {
            var form = ApiGetComments(type: .all, sort: .new, limit: limit)
            form.savedOnly = true
            let page = try await page(LemmyV3.GetComments(form), at: cursor)
            return ContentPage(items: page.items.map { .comment(comment2($0)) }, next: page.next)
        }
        var form = ApiGetPosts(type: .all, sort: .new, limit: limit)
        form.savedOnly = true
        let page = try await page(LemmyV3.GetPosts(form), at: cursor)
        return ContentPage(items: page.items.map { .post(post2($0)) }, next: page.next)
    }

    /// A page of 1.0's saved or liked list of one kind. Those lists answer `type_: posts` with
    /// comments too (they test `post_id IS NOT NULL`, which a comment's row also has since
    /// Lemmy's `same_table_joins` migration), so the other kind is left out; and so that a page
    /// is not empty while the list goes on (a feed takes an empty page for the end), the pages
    /// after are read until there are `limit` items, the list ends, or ten pages were read.
    func combinedPage<R: LemmyPaginatedRequest>(_ request: R, comments: Bool, limit: Int, at cursor: PageCursor?)
        async throws(ApiClientError) -> ContentPage<PostOrComment> where R.Item == ApiPostCommentCombinedView
    {
        var items: [PostOrComment] = []
        var position = cursor
        for _ in 0..<10 {
            let page = try await page(request, at: position)
            items += page.items.compactMap { postOrComment($0, comments: comments) }
            position = page.next
            if items.count >= limit || position == nil { break }
        }
        return ContentPage(items: items, next: position)
    }

    /// The item of `view`; with `comments`, only if it is of that kind (a comment for true, a
    /// post for false), and no model is made for one left out.
    private func postOrComment(_ view: ApiPostCommentCombinedView, comments: Bool? = nil) -> PostOrComment? {
        switch view {
        case .post(let post): comments == true ? nil : .post(post2(post))
        case .comment(let comment): comments == false ? nil : .comment(comment2(comment))
        case .unknown: nil
        }
    }

    /// The top of a post's comment tree: comments down to `maxDepth` levels (1: top level
    /// only), parents before their children. Lemmy returns at most 300 comments per tree fetch.
    public func getCommentTree(postId: Int, sort: CommentSortType = .hot, maxDepth: Int = 1) async throws(ApiClientError) -> [Comment2] {
        var form = ApiGetComments(sort: sort.api, maxDepth: maxDepth, postId: postId)
        form.type = .all
        return try await commentTree(form)
    }

    /// One page of a post's comment tree: comments down to `maxDepth` levels, parents before
    /// their children within the page, at most 300. Lemmy 1.0 pages a tree by cursor (`next`
    /// names the page after); 0.18 and 0.19 answer the first 300 comments only, so `next` is nil
    /// there. 1.0 orders a tree's parent paths last first, so with `maxDepth` above 1 a reply can
    /// arrive a page before its parent.
    public func getCommentTreePage(
        postId: Int, sort: CommentSortType = .hot, maxDepth: Int = 1, at cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Comment2> {
        var form = ApiGetComments(sort: sort.api, maxDepth: maxDepth, postId: postId)
        form.type = .all
        guard try await generation() == .v4 else {
            // 0.18 and 0.19 ignore a page or cursor on a tree fetch: there is no page after the first.
            guard cursor == nil else { return ContentPage(items: [], next: nil) }
            return ContentPage(items: try await commentTree(form), next: nil)
        }
        let (views, next) = try await page(LemmyV4.GetComments(try await unwindowed(form)), at: cursor)
        return ContentPage(items: Self.parentsFirst((consume views).mapInPlace { comment2($0) }), next: next)
    }

    /// The replies below a comment down to `maxDepth` levels (1: direct replies), parents
    /// before children; the comment itself is not included.
    public func getCommentChildren(of commentId: Int, sort: CommentSortType = .hot, maxDepth: Int = 1) async throws(ApiClientError)
        -> [Comment2]
    {
        var form = ApiGetComments(sort: sort.api, maxDepth: maxDepth)
        form.parentId = commentId
        form.type = .all
        return try await commentTree(form).filter { $0.id != commentId }
    }

    private func commentTree(_ form: ApiGetComments) async throws(ApiClientError) -> [Comment2] {
        // Explicit per generation: different responses: 1.0 a cursor page (items), 0.18/0.19 comments.
        if try await generation() == .v4 {
            let form = try await unwindowed(form)
            return Self.parentsFirst(try await send(LemmyV4.GetComments(form), mutation: false).items.mapInPlace { comment2($0) })
        }
        return Self.parentsFirst(try await send(LemmyV3.GetComments(form), mutation: false).comments.mapInPlace { comment2($0) })
    }
}
