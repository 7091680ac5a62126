public import FeedLoading

/// A person's posts and comments, merged newest first.
public typealias PersonContentFeed = LemmyFeed<PostOrComment, PersonContentQuery>

/// Whose content a ``PersonContentFeed`` lists.
public struct PersonContentQuery: Sendable, Hashable {
    /// The person's id on the client's instance.
    public var personId: Int
    /// Items asked for per request of each kind.
    public var pageSize: Int

    /// Creates a query.
    public init(personId: Int, pageSize: Int = 20) {
        self.personId = personId
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == PostOrComment, Query == PersonContentQuery {
    /// Creates a feed of a person's posts and comments, merged by date.
    public convenience init(api: ApiClient, query: PersonContentQuery, configuration: FeedConfiguration = FeedConfiguration()) {
        self.init(api: api, query: query, configuration: configuration, isRead: PostOrComment.isRead) { context in
            .merged(
                context, pageSize: query.pageSize,
                [false, true].map { comments -> FeedPageLoader<PostOrComment, Query> in
                    { api, query, cursor in
                        let page = try await api.getPersonContent(
                            personId: query.personId, comments: comments,
                            limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map(FeedEntry<PostOrComment>.item), next: page.next)
                    }
                })
        }
    }
}

extension PostOrComment {
    /// Whether the item is a post the account has read.
    @MainActor static func isRead(_ item: PostOrComment) -> Bool {
        if case .post(let post) = item { post.read } else { false }
    }
}
