internal import LemmyAPI

/// A tag a community's moderators defined for its posts (Lemmy 1.0 and later; earlier versions
/// have no tags, so their posts and communities carry none): on a post
/// (``Post2Providing/tags``) and among those its community offers (``Community2Providing/tags``).
public struct PostTag: Hashable, Sendable, Identifiable {
    /// The tag's id on the client's instance.
    public var id: Int
    /// The tag's name, e.g. `news`.
    public var name: String
    /// The name to show, or ``name`` when the community set none.
    public var displayName: String
    /// Which of Lemmy's ten tag colours (1...10) the community chose; nil for a colour this
    /// version of LemmyKit does not know.
    public var color: Int?
    /// What the tag is for, in a sentence (at most 150 characters), if the community wrote one.
    public var summary: String?
    /// Whether a moderator deleted the tag: it is then on no post, and only the community's
    /// moderators and admins see it among the community's tags (to restore it).
    public var isDeleted: Bool

    /// Creates a tag.
    public init(id: Int, name: String, displayName: String? = nil, color: Int? = nil, summary: String? = nil, isDeleted: Bool = false) {
        self.id = id
        self.name = name
        self.displayName = displayName ?? name
        self.color = color
        self.summary = summary
        self.isDeleted = isDeleted
    }

    init(_ tag: ApiCommunityTag) {
        // The colour's wire name is `color01`...`color10`; the number is what a palette needs.
        let color: Int? =
            switch tag.color {
            case .color01: 1
            case .color02: 2
            case .color03: 3
            case .color04: 4
            case .color05: 5
            case .color06: 6
            case .color07: 7
            case .color08: 8
            case .color09: 9
            case .color10: 10
            case .unknown: nil
            }
        self.init(
            id: tag.id, name: tag.name, displayName: tag.displayName.flatMap { $0.isEmpty ? nil : $0 }, color: color,
            summary: tag.summary.flatMap { $0.isEmpty ? nil : $0 }, isDeleted: tag.deleted)
    }
}
