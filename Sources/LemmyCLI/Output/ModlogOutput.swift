public import Foundation

/// The modlog as `lemmy modlog --json` prints it.
public struct ModlogOutput: Codable, Sendable, Equatable {
    /// One moderator action.
    public struct Entry: Codable, Sendable, Equatable {
        /// The entry's id (unique per kind of action on 0.18 and 0.19).
        public var id: Int
        /// When it was done.
        public var date: Date
        /// The action and its targets, as the inbox names a moderator-action notice's.
        public var action: InboxOutput.ModeratorAction
        /// The user name of the person acted on, or the author of the post or comment, where the
        /// entry names one (0.18 and 0.19 name no author for an action on a post).
        public var person: String?
    }

    /// The instance.
    public var instance: String
    /// The community whose modlog this is; nil for the whole instance's.
    public var community: String?
    /// The entries, newest first.
    public var entries: [Entry]
}
