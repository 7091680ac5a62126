internal import LemmyAPI

/// Where a page of a list starts: a page number or a server cursor. Opaque; take it from
/// ``ContentPage/next``.
public struct PageCursor: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case page(Int)
        case cursor(String)
    }

    private let storage: Storage

    init(_ cursor: LemmyPageCursor) {
        switch cursor {
        case .page(let number): storage = .page(number)
        case .cursor(let text): storage = .cursor(text)
        }
    }

    var raw: LemmyPageCursor {
        switch storage {
        case .page(let number): .page(number)
        case .cursor(let text): .cursor(text)
        }
    }
}

/// One page of models.
public struct ContentPage<Item> {
    /// The items in server order.
    public var items: [Item]
    /// Where the next page starts; nil at the end.
    public var next: PageCursor?
}

/// Which posts a feed lists.
public enum FeedType: Sendable, Hashable {
    /// Every post the instance knows.
    case all
    /// Posts of local communities.
    case local
    /// Posts of the account's subscriptions.
    case subscribed
    /// Posts of the communities the account moderates (Lemmy 0.19 and later).
    case moderatorView
    /// Posts the server suggests (Lemmy 1.0 and later).
    case suggested
    /// Posts of one community.
    case community(id: Int)
    /// Posts of a multi-community's communities (Lemmy 1.0 and later; see
    /// ``ApiClient/getMultiCommunities(listing:sort:creatorId:search:limit:cursor:)``).
    case multiCommunity(id: Int)
    /// Posts of one community that carry one of its tags (Lemmy 1.0 and later; see
    /// ``Community2Providing/tags``).
    case communityTag(communityId: Int, tagId: Int)
}
