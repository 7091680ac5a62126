import Foundation
internal import LemmyAPI

/// Small conversions shared by the snapshot mappings.
///
/// The snapshot initializers beside this take their Api value `__shared`: they read it and keep
/// none of it whole, and an initializer's parameter is otherwise owned, so each call copied the
/// value first (for a post view about 1,400 instructions of retains and releases; 218,000 of the
/// 4.73 million instructions of merging a 50-post page, by `scripts/instructions.sh`).
enum ApiConversions {
    /// An optional link, kept as sent; an empty one is none.
    static func link(_ text: String?) -> LinkText? {
        text.flatMap { $0.isEmpty ? nil : LinkText(text: $0) }
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
