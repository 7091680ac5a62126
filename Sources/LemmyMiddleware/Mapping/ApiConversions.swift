import Foundation
internal import LemmyAPI

/// Small conversions shared by the snapshot mappings.
enum ApiConversions {
    /// A URL for an ActivityPub id; an unparsable id becomes `about:invalid` rather than a crash.
    static func actorURL(_ text: String) -> URL {
        URL(string: text) ?? URL(string: "about:invalid")!
    }

    /// A URL for an optional link.
    static func url(_ text: String?) -> URL? {
        text.flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    /// `previous` if it spells `text` (parsing URLs dominates re-merging an unchanged page),
    /// else a freshly parsed URL.
    static func url(_ text: String?, reusing previous: URL?) -> URL? {
        if let text, let previous, previous.absoluteString == text { return previous }
        return url(text)
    }

    /// `previous` if it spells `text`, else ``actorURL(_:)``.
    static func actorURL(_ text: String, reusing previous: URL?) -> URL {
        if let previous, previous.absoluteString == text { return previous }
        return actorURL(text)
    }

    /// A vote from the 0.18/0.19 `my_vote` or the 1.0 `vote_is_upvote`.
    static func vote(myVote: Int?, isUpvote: Bool?) -> ScoringOperation {
        if let myVote { return ScoringOperation(score: myVote) }
        if let isUpvote { return isUpvote ? .upvote : .downvote }
        return .none
    }

    /// A subscription from the 0.18/0.19 `subscribed` or the 1.0 `follow_state`.
    static func subscription(_ subscribed: ApiSubscribedType?, _ follow: ApiCommunityFollowerState?) -> SubscriptionState {
        if let subscribed {
            switch subscribed {
            case .subscribed: return .subscribed
            case .pending: return .pending
            default: return .unsubscribed
            }
        }
        switch follow {
        case .accepted?: return .subscribed
        case .pending?, .approvalRequired?: return .pending
        default: return .unsubscribed
        }
    }
}
