import Foundation
import LemmyMiddleware

/// Copies live models into the `--json` value types.
@MainActor
enum OutputMapping {
    static func vote(_ vote: ScoringOperation) -> String {
        switch vote {
        case .upvote: "up"
        case .downvote: "down"
        case .none: "none"
        }
    }

    static func post(_ post: some Post2Providing) -> PostOutput {
        PostOutput(
            id: post.id, title: post.title, community: post.community.name, creator: post.creator.name,
            score: post.votes.total, upvotes: post.votes.upvotes, downvotes: post.votes.downvotes,
            myVote: vote(post.votes.myVote), comments: post.commentCount, saved: post.saved,
            url: post.linkURL?.absoluteString, body: post.content, published: post.created, tags: tagNames(post.tags))
    }

    /// The tags' names, or nil for none (0.18 and 0.19 have none: their output stays as it was).
    /// A community's deleted tags, which its moderators see, are left out.
    static func tagNames(_ tags: [PostTag]) -> [String]? {
        tags.isEmpty ? nil : tags.map(\.name)
    }

    static func comment(_ comment: some Comment2Providing) -> CommentOutput {
        // `path` ends with the comment's own id; the element before it is the parent.
        let ancestors = comment.path.dropLast()
        return CommentOutput(
            id: comment.id, postId: comment.postId, parentId: ancestors.last, depth: ancestors.count,
            creator: comment.creator.name, content: comment.content, score: comment.votes.total,
            myVote: vote(comment.votes.myVote), childCount: comment.childCount, published: comment.created)
    }

    /// A notice's reason as `--json` names it.
    static func noticeReason(_ reason: NoticeReason) -> String {
        switch reason {
        case .subscribed: "subscribed"
        case .mention: "mention"
        case .moderatorAction: "moderator_action"
        }
    }

    static func moderatorAction(_ entry: ModlogEntry) -> InboxOutput.ModeratorAction {
        InboxOutput.ModeratorAction(
            action: ModeratorActionText.name(entry.action), revert: entry.isRevert, reason: entry.reason,
            moderator: entry.moderator?.name, community: entry.community?.name, postId: entry.post?.id,
            postTitle: entry.post?.title, commentId: entry.comment?.id, expires: entry.expires)
    }

    static func subscription(_ state: SubscriptionState) -> String {
        switch state {
        case .subscribed: "subscribed"
        case .pending: "pending"
        case .unsubscribed: "unsubscribed"
        }
    }

    static func community(_ community: some Community2Providing, moderators: [Person1]? = nil) -> CommunityOutput {
        CommunityOutput(
            id: community.id, name: community.name, title: community.displayName, description: community.description,
            subscribers: community.subscriberCount, posts: community.postCount,
            subscription: subscription(community.subscription), blocked: community.blocked,
            moderators: moderators?.map(\.name), tags: tagNames(community.tags.filter { !$0.isDeleted }))
    }

    static func multiCommunity(_ multi: some MultiCommunity1Providing, communities: [Community2]? = nil) -> MultiCommunityOutput {
        MultiCommunityOutput(
            id: multi.id, name: multi.name, title: multi.displayName, summary: multi.summary, owner: multi.creator.name,
            deleted: multi.deleted, subscribers: multi.subscriberCount, communityCount: multi.communityCount,
            subscription: subscription(multi.subscription), communities: communities?.map(\.name))
    }

    static func person(_ person: some Person1Providing) -> PersonOutput {
        PersonOutput(
            id: person.id, name: person.name, displayName: person.displayName, bio: person.bio,
            posts: person.person2_?.postCount, comments: person.person2_?.commentCount,
            admin: person.person2_?.isAdmin, banned: person.person2_?.isBanned,
            bannedUntil: person.person2_?.banExpires, blocked: person.blocked, note: person.note,
            yourVotes: person.votes == .none ? nil : VoteTallyOutput(up: person.votes.upvotes, down: person.votes.downvotes),
            created: person.created)
    }
}
