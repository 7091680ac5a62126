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
    /// Posts of one community.
    case community(id: Int)
}

/// How posts are ordered.
public enum PostSortType: String, Sendable, Hashable, CaseIterable {
    /// Lemmy's "hot" rank.
    case hot
    /// Lemmy's "active" rank.
    case active
    /// Newest first.
    case new
    /// Oldest first.
    case old
    /// Highest score first.
    case top
    /// Most comments first.
    case mostComments
    /// Most recent comment first.
    case newComments

    var api: ApiPostSortType {
        switch self {
        case .hot: .hot
        case .active: .active
        case .new: .new
        case .old: .old
        case .top: .top
        case .mostComments: .mostComments
        case .newComments: .newComments
        }
    }
}

/// How comments are ordered.
public enum CommentSortType: String, Sendable, Hashable, CaseIterable {
    /// Lemmy's "hot" rank.
    case hot
    /// Highest score first.
    case top
    /// Newest first.
    case new
    /// Oldest first.
    case old

    var api: ApiCommentSortType {
        switch self {
        case .hot: .hot
        case .top: .top
        case .new: .new
        case .old: .old
        }
    }
}
