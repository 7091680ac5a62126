/// A filter of a ``FeedLoader`` as a UI shows it: its name, whether it is on, and how many
/// loaded items it hides.
public struct FilterStatus: Sendable, Hashable, Identifiable {
    /// The filter's name.
    public var name: String
    /// Whether the filter is applied.
    public var isEnabled: Bool
    /// How many loaded items this filter hid; `0` while it is off. An item hidden by
    /// several filters counts for the first of them only.
    public var removedCount: Int

    /// The filter's name.
    public var id: String { name }

    /// Creates a status.
    public init(name: String, isEnabled: Bool, removedCount: Int) {
        self.name = name
        self.isEnabled = isEnabled
        self.removedCount = removedCount
    }
}
