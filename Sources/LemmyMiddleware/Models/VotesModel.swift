/// A vote: up, down or none.
public enum ScoringOperation: Int, Sendable, Hashable, CaseIterable {
    /// An upvote (+1).
    case upvote = 1
    /// No vote.
    case none = 0
    /// A downvote (-1).
    case downvote = -1

    /// The vote for a Lemmy `my_vote`/`score` number (anything positive is up, negative down).
    init(score: Int?) {
        switch score ?? 0 {
        case 1...: self = .upvote
        case ..<0: self = .downvote
        default: self = .none
        }
    }
}

/// Vote counts of a post or comment and the signed-in account's own vote.
public struct VotesModel: Sendable, Hashable {
    /// How many upvotes.
    public var upvotes: Int
    /// How many downvotes.
    public var downvotes: Int
    /// The signed-in account's vote.
    public var myVote: ScoringOperation

    /// Creates votes. Counts come from servers, which may send anything: negative counts are
    /// taken as zero.
    public init(upvotes: Int, downvotes: Int, myVote: ScoringOperation) {
        self.upvotes = upvotes.clampedCount
        self.downvotes = downvotes.clampedCount
        self.myVote = myVote
    }

    /// Upvotes minus downvotes, held at the ends of `Int` rather than overflowing (negative
    /// counts count as zero).
    public var total: Int { upvotes.clampedCount.saturatingSubtract(downvotes.clampedCount) }

    /// The counts as they will be once `vote` replaces ``myVote``; they saturate and never go
    /// below zero, whatever the server sent.
    public func applying(_ vote: ScoringOperation) -> VotesModel {
        var result = self
        switch myVote {
        case .upvote: result.upvotes = result.upvotes.countAdding(-1)
        case .downvote: result.downvotes = result.downvotes.countAdding(-1)
        case .none: break
        }
        switch vote {
        case .upvote: result.upvotes = result.upvotes.countAdding(1)
        case .downvote: result.downvotes = result.downvotes.countAdding(1)
        case .none: break
        }
        result.myVote = vote
        return result
    }
}

/// The signed-in account's subscription to a community.
public enum SubscriptionState: Sendable, Hashable {
    /// Not subscribed.
    case unsubscribed
    /// Subscribed; remote communities may still be confirming.
    case subscribed
    /// Requested, not yet accepted by the remote instance (or an approval is needed).
    case pending

    /// Whether the account is subscribed or waiting to be.
    public var isSubscribed: Bool { self != .unsubscribed }
}
