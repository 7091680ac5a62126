public import FeedLoading
import LemmyAPI

/// The inbox: replies, mentions and private messages, newest first. On 0.18 and 0.19 three
/// lists merged by date, the messages the account sent among them (their message list has both
/// directions); on 1.0 the notifications list, which is already one and holds the messages the
/// account received.
public typealias InboxFeed = LemmyFeed<InboxItem, InboxFeedQuery>

/// What an ``InboxFeed`` shows.
public struct InboxFeedQuery: Sendable, Hashable {
    /// Only unread items.
    public var unreadOnly: Bool
    /// Items asked for per request of each kind.
    public var pageSize: Int

    /// Creates a query.
    public init(unreadOnly: Bool = false, pageSize: Int = 20) {
        self.unreadOnly = unreadOnly
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == InboxItem, Query == InboxFeedQuery {
    /// Creates an inbox feed. The version decides the shape at each fetch, so ``LemmyFeed/changeApi(to:)``
    /// may move it between a 0.19 and a 1.0 instance.
    public convenience init(
        api: ApiClient, query: InboxFeedQuery = InboxFeedQuery(), configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration) { context in
            // Each child asks the client which list it is on this version; on 1.0 only the
            // notifications child returns anything, and the merge passes it through.
            .merged(
                context, pageSize: query.pageSize,
                [
                    { api, query, cursor in
                        guard try await api.generation() == .v4 else { return FetchedPage(items: [], next: nil) }
                        let page = try await api.getNotifications(unreadOnly: query.unreadOnly, limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map(FeedEntry<InboxItem>.item), next: page.next)
                    },
                    { api, query, cursor in
                        guard try await api.generation() == .v3 else { return FetchedPage(items: [], next: nil) }
                        let page = try await api.getReplies(unreadOnly: query.unreadOnly, limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map { FeedEntry<InboxItem>.item(.reply($0)) }, next: page.next)
                    },
                    { api, query, cursor in
                        guard try await api.generation() == .v3 else { return FetchedPage(items: [], next: nil) }
                        let page = try await api.getMentions(unreadOnly: query.unreadOnly, limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map { FeedEntry<InboxItem>.item(.mention($0)) }, next: page.next)
                    },
                    { api, query, cursor in
                        guard try await api.generation() == .v3 else { return FetchedPage(items: [], next: nil) }
                        let page = try await api.getMessages(unreadOnly: query.unreadOnly, limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map { FeedEntry<InboxItem>.item(.message($0)) }, next: page.next)
                    },
                ])
        }
    }
}
