import Foundation
import LemmyAPI
import LemmyTestServer

/// Dialect-neutral calls for the tests: each picks the v3 or v4 descriptor.
extension TestClient {
    var v4: Bool { dialect == .v1_0 }

    func site() async throws -> ApiGetSiteResponse {
        v4 ? try await send(LemmyV4.GetSite()) : try await send(LemmyV3.GetSite())
    }

    func posts(_ form: ApiGetPosts) async throws -> (posts: [ApiPostView], next: String?) {
        if v4 {
            let page = try await send(LemmyV4.GetPosts(form))
            return (page.items, page.nextPage)
        }
        let page = try await send(LemmyV3.GetPosts(form))
        return (page.posts, page.nextPage)
    }

    func post(_ id: Int) async throws -> ApiPostView {
        v4 ? try await send(LemmyV4.GetPost(ApiGetPost(id: id))).postView : try await send(LemmyV3.GetPost(ApiGetPost(id: id))).postView
    }

    func vote(post id: Int, _ score: Int) async throws -> ApiPostView {
        if v4 { return try await send(LemmyV4.LikePost(ApiCreatePostLike(postId: id, isUpvote: score == 0 ? nil : score == 1))).postView }
        return try await send(LemmyV3.LikePost(ApiCreatePostLike(postId: id, score: score))).postView
    }

    func save(post id: Int, _ save: Bool) async throws -> ApiPostView {
        v4
            ? try await send(LemmyV4.SavePost(ApiSavePost(postId: id, save: save))).postView
            : try await send(LemmyV3.SavePost(ApiSavePost(postId: id, save: save))).postView
    }

    func follow(community id: Int, _ follow: Bool) async throws -> ApiCommunityView {
        v4
            ? try await send(LemmyV4.FollowCommunity(ApiFollowCommunity(communityId: id, follow: follow))).communityView
            : try await send(LemmyV3.FollowCommunity(ApiFollowCommunity(communityId: id, follow: follow))).communityView
    }

    func blockPerson(_ id: Int, _ block: Bool) async throws {
        if v4 {
            _ = try await send(LemmyV4.BlockPerson(ApiBlockPerson(personId: id, block: block)))
        } else {
            _ = try await send(LemmyV3.BlockPerson(ApiBlockPerson(personId: id, block: block)))
        }
    }

    func comment(post: Int, parent: Int?, _ content: String) async throws -> ApiCommentView {
        let form = ApiCreateComment(content: content, postId: post, parentId: parent)
        return v4 ? try await send(LemmyV4.CreateComment(form)).commentView : try await send(LemmyV3.CreateComment(form)).commentView
    }

    func comments(post: Int, maxDepth: Int? = nil) async throws -> [ApiCommentView] {
        try await comments(ApiGetComments(maxDepth: maxDepth, postId: post))
    }

    /// The comments GetComments lists for `form`.
    func comments(_ form: ApiGetComments) async throws -> [ApiCommentView] {
        v4 ? try await send(LemmyV4.GetComments(form)).items : try await send(LemmyV3.GetComments(form)).comments
    }

    /// Edits a community with `form` (its moderators; admins from 0.19 on).
    func editCommunity(_ form: ApiEditCommunity) async throws {
        if v4 { _ = try await send(LemmyV4.EditCommunity(form)) } else { _ = try await send(LemmyV3.EditCommunity(form)) }
    }

    /// Comment ids of unread replies in the inbox (replies on 0.18/0.19, notifications on 1.0).
    func unreadReplyCommentIds() async throws -> [Int] {
        if v4 {
            let page = try await send(LemmyV4.ListNotifications(ApiListNotifications(unreadOnly: true, limit: 50)))
            return page.items.filter { $0.notification.kind == .reply }.compactMap(\.notification.commentId)
        }
        let replies = try await send(LemmyV3.GetReplies(ApiGetReplies(sort: .new, limit: 50, unreadOnly: true)))
        return replies.replies.map(\.comment.id)
    }

    /// Unread replies + mentions + messages.
    func unreadTotal() async throws -> Int {
        if v4 { return try await send(LemmyV4.GetUnreadCounts()).notificationCount }
        let counts = try await send(LemmyV3.GetUnreadCount(ApiGetUnreadCount(auth: "")))
        return counts.replies + counts.mentions + counts.privateMessages
    }
}

/// Per-user state of a post view, whichever dialect sent it.
extension ApiPostView {
    var myVoteValue: Int { myVote ?? postActions?.voteIsUpvote.map { $0 ? 1 : -1 } ?? 0 }
    var scoreValue: Int { counts?.score ?? post.score ?? .min }
    /// Whether the viewer has read the post (0.18/0.19 `read`, 1.0 `post_actions.read_at`).
    var readValue: Bool { read ?? (postActions?.readAt != nil) }
    var isSaved: Bool { saved ?? (postActions?.savedAt != nil) }
    var isSubscribed: Bool { subscribed.map { $0 == .subscribed } ?? (communityActions?.followedAt != nil) }
}

extension ApiCommunityView {
    var isSubscribed: Bool { subscribed.map { $0 == .subscribed } ?? (communityActions?.followedAt != nil) }
}
