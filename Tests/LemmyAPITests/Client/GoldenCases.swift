import Foundation
import LemmyAPI

/// The golden table: per generation, requests as lemmy-js-client 0.18.x, 0.19.x (≤0.19.8 and
/// ≥0.19.9) and 1.0 send them (`#wrapper`/`wrapper` in src/http.ts of each tag).
enum GoldenCases {
    static let t = ClientTestSupport.token

    /// Lemmy 0.18: `auth` in the query (GET) or JSON body; never a header; falsy GET values dropped.
    static let v018: [GoldenCase] = [
        .make("0.18.5", LemmyV3.GetSite(), "GET", "/api/v3/site", query: ["auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.GetPosts(ApiGetPosts(type: .all, sort: .hot, limit: 20, page: 1, savedOnly: false)),
            "GET", "/api/v3/post/list", query: ["type_=All", "sort=Hot", "limit=20", "page=1", "auth=\(t)"]),
        .make("0.18.5", LemmyV3.GetPost(ApiGetPost(id: 42)), "GET", "/api/v3/post", query: ["id=42", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.GetComments(ApiGetComments(type: .all, sort: .hot, maxDepth: 8, postId: 7)),
            "GET", "/api/v3/comment/list", query: ["type_=All", "sort=Hot", "max_depth=8", "post_id=7", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.GetCommunity(ApiGetCommunity(name: "swift@lemmy.ml")),
            "GET", "/api/v3/community", query: ["name=swift%40lemmy.ml", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.ListCommunities(ApiListCommunities(type: .local, sort: .hot, showNsfw: false, limit: 50, page: 2)),
            "GET", "/api/v3/community/list", query: ["type_=Local", "sort=Hot", "limit=50", "page=2", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.Search(ApiSearch(type: .posts, listingType: .all, q: "rust & swift", page: 1)),
            "GET", "/api/v3/search", query: ["q=rust%20%26%20swift", "type_=Posts", "listing_type=All", "page=1", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.GetPersonDetails(ApiGetPersonDetails(username: "alice", savedOnly: false)),
            "GET", "/api/v3/user", query: ["username=alice", "auth=\(t)"]),
        .make("0.18.5", LemmyV3.GetUnreadCount(), "GET", "/api/v3/user/unread_count", query: ["auth=\(t)"]),
        .make("0.18.5", LemmyV3.GetModlog(ApiGetModlog(communityId: 3)), "GET", "/api/v3/modlog", query: ["community_id=3", "auth=\(t)"]),
        .make(
            "0.18.5", LemmyV3.Login(ApiLogin(usernameOrEmail: "alice", password: "hunter2")),
            "POST", "/api/v3/user/login", body: #"{"username_or_email":"alice","password":"hunter2"}"#),
        .make(
            "0.18.5", LemmyV3.CreatePost(ApiCreatePost(name: "Hello", communityId: 3, body: "**hi**", nsfw: false)),
            "POST", "/api/v3/post", body: #"{"name":"Hello","community_id":3,"body":"**hi**","nsfw":false,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.EditPost(ApiEditPost(postId: 9, name: "Renamed")),
            "PUT", "/api/v3/post", body: #"{"post_id":9,"name":"Renamed","auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.LikePost(ApiCreatePostLike(postId: 9, score: 1)),
            "POST", "/api/v3/post/like", body: #"{"post_id":9,"score":1,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.CreateComment(ApiCreateComment(content: "Nice", postId: 9, parentId: 11)),
            "POST", "/api/v3/comment", body: #"{"content":"Nice","post_id":9,"parent_id":11,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.FollowCommunity(ApiFollowCommunity(communityId: 3, follow: true)),
            "POST", "/api/v3/community/follow", body: #"{"community_id":3,"follow":true,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.SavePost(ApiSavePost(postId: 9, save: true)),
            "PUT", "/api/v3/post/save", body: #"{"post_id":9,"save":true,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.MarkPostAsRead(ApiMarkPostAsRead(postId: 9, read: true)),
            "POST", "/api/v3/post/mark_as_read", body: #"{"post_id":9,"read":true,"auth":"\#(t)"}"#),
        .make(
            "0.18.5", LemmyV3.DeleteComment(ApiDeleteComment(commentId: 11, deleted: true)),
            "POST", "/api/v3/comment/delete", body: #"{"comment_id":11,"deleted":true,"auth":"\#(t)"}"#),
    ]

    /// Lemmy 0.19.0 – 0.19.8: Bearer only, falsy GET values still dropped, `auth` never sent.
    static let v019: [GoldenCase] = [
        .make(
            "0.19.3", LemmyV3.GetPosts(ApiGetPosts(type: .subscribed, sort: .new, showRead: false, limit: 10)),
            "GET", "/api/v3/post/list", query: ["type_=Subscribed", "sort=New", "limit=10"]),
        .make(
            "0.19.3", LemmyV3.GetPosts(ApiGetPosts(pageCursor: "Pa1/2", auth: "caller-set-token")),
            "GET", "/api/v3/post/list", query: ["page_cursor=Pa1%2F2"]),
        .make(
            "0.19.3", LemmyV3.GetComments(ApiGetComments(limit: 0, postId: 7, savedOnly: false)),
            "GET", "/api/v3/comment/list", query: ["post_id=7"]),
        .make(
            "0.19.3", LemmyV3.GetReplies(ApiGetReplies(sort: .new, page: 1, unreadOnly: true)),
            "GET", "/api/v3/user/replies", query: ["sort=New", "page=1", "unread_only=true"]),
        .make(
            "0.19.3", LemmyV3.GetPersonMentions(ApiGetPersonMentions(limit: 20, unreadOnly: false)),
            "GET", "/api/v3/user/mention", query: ["limit=20"]),
        .make("0.19.3", LemmyV3.GetUnreadCount(), "GET", "/api/v3/user/unread_count"),
        .make(
            "0.19.3", LemmyV3.ResolveObject(ApiResolveObject(q: "https://lemmy.ml/post/1")),
            "GET", "/api/v3/resolve_object", query: ["q=https%3A%2F%2Flemmy.ml%2Fpost%2F1"]),
        .make(
            "0.19.3", LemmyV3.Login(ApiLogin(usernameOrEmail: "alice", password: "hunter2", totp2faToken: "123456")),
            "POST", "/api/v3/user/login", body: #"{"username_or_email":"alice","password":"hunter2","totp_2fa_token":"123456"}"#),
        .make(
            "0.19.3", LemmyV3.LikeComment(ApiCreateCommentLike(commentId: 11, score: -1)),
            "POST", "/api/v3/comment/like", body: #"{"comment_id":11,"score":-1}"#),
        .make(
            "0.19.3", LemmyV3.BlockPerson(ApiBlockPerson(personId: 5, block: true)),
            "POST", "/api/v3/user/block", body: #"{"person_id":5,"block":true}"#),
        .make(
            "0.19.3", LemmyV3.CreatePostReport(ApiCreatePostReport(postId: 9, reason: "spam")),
            "POST", "/api/v3/post/report", body: #"{"post_id":9,"reason":"spam"}"#),
        .make(
            "0.19.3", LemmyV3.LockPost(ApiLockPost(postId: 9, locked: true)),
            "POST", "/api/v3/post/lock", body: #"{"post_id":9,"locked":true}"#),
        .make(
            "0.19.3", LemmyV3.EditPost(ApiEditPost(postId: 9, body: "new body", auth: "caller-set-token")),
            "PUT", "/api/v3/post", body: #"{"post_id":9,"body":"new body"}"#),
    ]

    /// Lemmy 0.19.9 and later: like 0.19.0 but only nil GET values are dropped.
    static let v019Late: [GoldenCase] = [
        .make("0.19.11", LemmyV3.GetSite(), "GET", "/api/v3/site"),
        .make(
            "0.19.11", LemmyV3.GetPosts(ApiGetPosts(type: .all, sort: .hot, showRead: false)),
            "GET", "/api/v3/post/list", query: ["type_=All", "sort=Hot", "show_read=false"]),
        .make(
            "0.19.11", LemmyV3.ListMedia(ApiListMedia(limit: 0, page: 1)),
            "GET", "/api/v3/account/list_media", query: ["page=1", "limit=0"]),
        .make(
            "0.19.11", LemmyV3.HidePost(ApiHidePost(hide: true, postIds: [1, 2])),
            "POST", "/api/v3/post/hide", body: #"{"post_ids":[1,2],"hide":true}"#),
        .make("0.19.11", LemmyV3.MarkAllAsRead(), "POST", "/api/v3/user/mark_all_as_read", body: "{}"),
    ]

    /// Lemmy 1.0: `/api/v4`, Bearer only, snake_case enums, DELETE with a JSON body.
    static let v10: [GoldenCase] = [
        .make("1.0.0-beta.1", LemmyV4.GetSite(), "GET", "/api/v4/site"),
        .make(
            "1.0.0-beta.1", LemmyV4.GetPosts(ApiGetPosts(type: .local, sort: .new, showRead: false, pageCursor: "c/1", limit: 20)),
            "GET", "/api/v4/post/list", query: ["type_=local", "sort=new", "show_read=false", "page_cursor=c%2F1", "limit=20"]),
        .make(
            "1.0.0-beta.1", LemmyV4.GetComments(ApiGetComments(sort: .hot, maxDepth: 8, postId: 7)),
            "GET", "/api/v4/comment/list", query: ["sort=hot", "max_depth=8", "post_id=7"]),
        .make(
            "1.0.0-beta.1", LemmyV4.ListNotifications(ApiListNotifications(unreadOnly: true, limit: 0)),
            "GET", "/api/v4/account/notification/list", query: ["unread_only=true", "limit=0"]),
        .make("1.0.0-beta.1", LemmyV4.GetPost(ApiGetPost(id: 42)), "GET", "/api/v4/post", query: ["id=42"]),
        .make(
            "1.0.0-beta.1", LemmyV4.ListCommunities(ApiListCommunities(sort: .activeDaily, showNsfw: false, limit: 50)),
            "GET", "/api/v4/community/list", query: ["sort=active_daily", "show_nsfw=false", "limit=50"]),
        .make(
            "1.0.0-beta.1", LemmyV4.Search(ApiSearch(searchTerm: "swift lang", type: .posts)),
            "GET", "/api/v4/search", query: ["search_term=swift%20lang", "type_=posts"]),
        .make("1.0.0-beta.1", LemmyV4.GetUnreadCounts(), "GET", "/api/v4/account/unread_counts"),
        .make("1.0.0-beta.1", LemmyV4.GetMyUser(), "GET", "/api/v4/account"),
        .make("1.0.0-beta.1", LemmyV4.GetCommunity(ApiGetCommunity(name: "swift")), "GET", "/api/v4/community", query: ["name=swift"]),
        .make(
            "1.0.0-beta.1", LemmyV4.ResolveObject(ApiResolveObject(q: "!swift@lemmy.ml")),
            "GET", "/api/v4/resolve_object", query: ["q=!swift%40lemmy.ml"]),
        .make(
            "1.0.0-beta.1", LemmyV4.Login(ApiLogin(usernameOrEmail: "alice", password: "hunter2", stayLoggedIn: true)),
            "POST", "/api/v4/account/auth/login", body: #"{"username_or_email":"alice","password":"hunter2","stay_logged_in":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.CreatePost(ApiCreatePost(name: "Hello", communityId: 3, nsfw: false)),
            "POST", "/api/v4/post", body: #"{"name":"Hello","community_id":3,"nsfw":false}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.DeletePost(ApiDeletePost(postId: 9, deleted: true)),
            "DELETE", "/api/v4/post", body: #"{"post_id":9,"deleted":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.LikePost(ApiCreatePostLike(postId: 9, isUpvote: true)),
            "POST", "/api/v4/post/like", body: #"{"post_id":9,"is_upvote":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.SavePost(ApiSavePost(postId: 9, save: false)),
            "PUT", "/api/v4/post/save", body: #"{"post_id":9,"save":false}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.FollowCommunity(ApiFollowCommunity(communityId: 3, follow: true)),
            "POST", "/api/v4/community/follow", body: #"{"community_id":3,"follow":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.EditComment(ApiEditComment(commentId: 11, content: "edited")),
            "PUT", "/api/v4/comment", body: #"{"comment_id":11,"content":"edited"}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.BlockPerson(ApiBlockPerson(personId: 5, block: true)),
            "POST", "/api/v4/account/block/person", body: #"{"person_id":5,"block":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.MarkNotificationAsRead(ApiMarkNotificationAsRead(notificationId: 3, read: true)),
            "POST", "/api/v4/account/notification/mark_as_read", body: #"{"notification_id":3,"read":true}"#),
        .make(
            "1.0.0-beta.1", LemmyV4.DeleteComment(ApiDeleteComment(commentId: 11, deleted: true)),
            "DELETE", "/api/v4/comment", body: #"{"comment_id":11,"deleted":true}"#),
    ]

    static let all: [GoldenCase] = v018 + v019 + v019Late + v10
}
