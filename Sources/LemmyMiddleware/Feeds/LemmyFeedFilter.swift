/// The names of the filters every ``LemmyFeed`` has, for
/// ``LemmyFeed/setFilterEnabled(_:_:)`` and the loader's `filterStatuses`.
public enum LemmyFeedFilter: String, Sendable, CaseIterable {
    /// Hides items the account has read (posts); off by default.
    case read = "Read"
    /// Hides an item whose ActivityPub id appeared earlier in the feed (cross-posts federated twice).
    case duplicates = "Duplicates"
    /// Hides items whose title or body contains a keyword as a whole word; see ``LemmyFeed/setKeywords(_:)``.
    case keywords = "Keywords"
    /// Hides items by people, in communities, or from instances the account blocks.
    case blocked = "Blocked"
}
