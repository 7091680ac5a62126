import Foundation
internal import LemmyAPI

/// Lemmy 0.19-shaped JSON objects for previews, built as dictionaries and decoded through the
/// same `Api*` types a live server's answers go through, so a preview model is made exactly as a
/// live one is. Every builder takes only what a preview is likely to vary.
enum PreviewFixtures {
    typealias Object = [String: Any]

    static let instanceHost = "preview.lemmy.invalid"
    static let published = "2026-01-01T12:00:00Z"

    static func person(id: Int, name: String, displayName: String? = nil) -> Object {
        var object: Object = [
            "id": id, "name": name, "banned": false, "published": published,
            "actor_id": "https://\(instanceHost)/u/\(name)", "local": true, "deleted": false,
            "bot_account": false, "instance_id": 1,
        ]
        object["display_name"] = displayName
        return object
    }

    static func community(id: Int, name: String, title: String? = nil, description: String? = nil) -> Object {
        var object: Object = [
            "id": id, "name": name, "title": title ?? name.capitalized, "removed": false, "published": published,
            "deleted": false, "nsfw": false, "actor_id": "https://\(instanceHost)/c/\(name)", "local": true,
            "hidden": false, "posting_restricted_to_mods": false, "instance_id": 1, "visibility": "Public",
        ]
        object["description"] = description
        return object
    }

    static func post(id: Int, title: String, body: String?, url: String?, creatorId: Int, communityId: Int) -> Object {
        var object: Object = [
            "id": id, "name": title, "creator_id": creatorId, "community_id": communityId, "removed": false,
            "locked": false, "published": published, "deleted": false, "nsfw": false,
            "ap_id": "https://\(instanceHost)/post/\(id)", "local": true, "language_id": 0,
            "featured_community": false, "featured_local": false,
        ]
        object["body"] = body
        object["url"] = url
        return object
    }

    static func postView(
        post: Object, creator: Object, community: Object, upvotes: Int, downvotes: Int,
        myVote: Int, saved: Bool, comments: Int
    ) -> Object {
        [
            "post": post, "creator": creator, "community": community,
            "creator_banned_from_community": false, "banned_from_community": false,
            "creator_is_moderator": false, "creator_is_admin": false,
            "counts": [
                "post_id": post["id"] ?? 0, "comments": comments, "score": upvotes - downvotes,
                "upvotes": upvotes, "downvotes": downvotes, "published": published,
            ] as Object,
            "subscribed": "NotSubscribed", "saved": saved, "read": false, "hidden": false,
            "creator_blocked": false, "my_vote": myVote, "unread_comments": comments,
        ]
    }

    static func comment(id: Int, content: String, creatorId: Int, postId: Int, parentPath: String = "0") -> Object {
        [
            "id": id, "creator_id": creatorId, "post_id": postId, "content": content, "removed": false,
            "published": published, "deleted": false, "ap_id": "https://\(instanceHost)/comment/\(id)",
            "local": true, "path": "\(parentPath).\(id)", "distinguished": false, "language_id": 0,
        ]
    }

    static func commentView(
        comment: Object, creator: Object, post: Object, community: Object,
        upvotes: Int, downvotes: Int, myVote: Int, saved: Bool
    ) -> Object {
        [
            "comment": comment, "creator": creator, "post": post, "community": community,
            "counts": [
                "comment_id": comment["id"] ?? 0, "score": upvotes - downvotes, "upvotes": upvotes,
                "downvotes": downvotes, "published": published, "child_count": 0,
            ] as Object,
            "creator_banned_from_community": false, "banned_from_community": false,
            "creator_is_moderator": false, "creator_is_admin": false, "subscribed": "NotSubscribed",
            "saved": saved, "creator_blocked": false, "my_vote": myVote,
        ]
    }

    static func communityView(community: Object, subscribers: Int, posts: Int, subscribed: Bool) -> Object {
        [
            "community": community, "subscribed": subscribed ? "Subscribed" : "NotSubscribed", "blocked": false,
            "banned_from_community": false,
            "counts": [
                "community_id": community["id"] ?? 0, "subscribers": subscribers, "subscribers_local": subscribers,
                "posts": posts, "comments": 0, "published": published, "users_active_day": 0,
                "users_active_week": 0, "users_active_month": 0, "users_active_half_year": 0,
            ] as Object,
        ]
    }

    static func personView(person: Object, posts: Int, comments: Int) -> Object {
        [
            "person": person, "is_admin": false,
            "counts": ["person_id": person["id"] ?? 0, "post_count": posts, "comment_count": comments] as Object,
        ]
    }

    static func replyView(id: Int, commentView: Object, recipient: Object, read: Bool) -> Object {
        var view = commentView
        let comment = commentView["comment"] as? Object ?? [:]
        view["comment_reply"] =
            [
                "id": id, "recipient_id": recipient["id"] ?? 0, "comment_id": comment["id"] ?? 0,
                "read": read, "published": published,
            ] as Object
        view["recipient"] = recipient
        return view
    }

    static func messageView(id: Int, content: String, creator: Object, recipient: Object, read: Bool) -> Object {
        [
            "private_message": [
                "id": id, "creator_id": creator["id"] ?? 0, "recipient_id": recipient["id"] ?? 0, "content": content,
                "deleted": false, "read": read, "published": published,
                "ap_id": "https://\(instanceHost)/private_message/\(id)", "local": true,
            ] as Object,
            "creator": creator, "recipient": recipient,
        ]
    }

    /// Decodes `object` as `T`. The builders above make only valid objects, so a failure here is
    /// a bug in them (a fatal error names the type and the path that failed).
    static func decode<T: Decodable>(_ type: T.Type, _ object: Object) -> T {
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            return try LemmyResponseDecoder.decode(T.self, from: data)
        } catch {
            fatalError("preview fixture for \(T.self) does not decode: \(error)")
        }
    }
}
