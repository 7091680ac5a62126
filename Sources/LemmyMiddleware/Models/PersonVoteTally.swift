public import Foundation

/// The signed-in account's votes on one person's posts and comments, as Lemmy 1.0 tallies them
/// (`person_actions.upvotes`, `downvotes`, `voted_at`), for an app to show how it has voted on
/// someone before.
///
/// Lemmy moves the counters with each vote the account casts, changes or takes back, and never
/// recounts: an upvote taken back from one's own post (which Lemmy upvotes at creation without
/// counting it) makes `upvotes` negative, and content purged later keeps its votes counted. So the
/// numbers are Lemmy's, not a count of the votes that stand.
public struct PersonVoteTally: Sendable, Hashable {
    /// Upvotes given, less those taken back; nil when Lemmy keeps no count. It keeps none when
    /// the account had blocked the person or kept a note about them before its first vote: the
    /// counters then stay empty for good, and only ``lastVoted`` is known.
    public var upvotes: Int?
    /// Downvotes given, less those taken back; nil when Lemmy keeps no count (see ``upvotes``).
    public var downvotes: Int?
    /// When the account last voted on the person's content, or changed or took back a vote; nil
    /// when it never did.
    public var lastVoted: Date?

    /// No votes.
    public static let none = PersonVoteTally(upvotes: 0, downvotes: 0, lastVoted: nil)

    /// Creates a tally.
    public init(upvotes: Int?, downvotes: Int?, lastVoted: Date?) {
        self.upvotes = upvotes
        self.downvotes = downvotes
        self.lastVoted = lastVoted
    }
}

extension PersonVoteTally {
    /// Whether the server dated this tally after `other`: a tally without a date (no votes yet)
    /// is never later, and one with a date is later than one without.
    func isLater(than other: PersonVoteTally) -> Bool {
        guard let lastVoted else { return false }
        guard let otherVoted = other.lastVoted else { return true }
        return lastVoted > otherVoted
    }
}
