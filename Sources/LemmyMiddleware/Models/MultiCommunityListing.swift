internal import LemmyAPI

/// Which multi-communities ``ApiClient/getMultiCommunities(listing:sort:creatorId:search:limit:cursor:)``
/// lists (Lemmy 1.0).
public enum MultiCommunityListing: String, Sendable, Hashable, CaseIterable {
    /// Every multi-community the instance knows, deleted ones too.
    case all
    /// Those made on the instance.
    case local
    /// Those the account follows (pending follows too). A guest's list is not narrowed.
    case subscribed

    var api: ApiMultiCommunityListingType {
        switch self {
        case .all: .all
        case .local: .local
        case .subscribed: .subscribed
        }
    }
}

/// The order of a multi-community list; ties go by id the same way.
public enum MultiCommunitySort: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case new
    /// Oldest first.
    case old
    /// By name, A to Z, ignoring case.
    case nameAscending = "name-ascending"
    /// By name, Z to A, ignoring case.
    case nameDescending = "name-descending"
    /// Most communities first.
    case communities
    /// Most followers first (Lemmy's default).
    case subscribers
    /// Most followers on the instance first.
    case localSubscribers = "local-subscribers"

    var api: ApiMultiCommunitySortType {
        switch self {
        case .new: .new
        case .old: .old
        case .nameAscending: .nameAsc
        case .nameDescending: .nameDesc
        case .communities: .communities
        case .subscribers: .subscribers
        case .localSubscribers: .subscribersLocal
        }
    }
}
