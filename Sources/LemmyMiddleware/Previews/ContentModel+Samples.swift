public import Foundation
internal import LemmyAPI

// Sample constructors: a model of each tier made from canned Lemmy data, registered with the
// client's ``PreviewServer`` (when it has one) so that it then behaves as a live model. They
// go through the client's identity caches: the same id in the same client is the same object.

private typealias Fixtures = PreviewFixtures

extension Person1 {
    /// A sample person for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 2, name: String = "alice",
        displayName: String? = "Alice"
    ) -> Person1 {
        api.person1(Fixtures.decode(ApiPerson.self, Fixtures.person(id: id, name: name, displayName: displayName)))
    }
}

extension Person2 {
    /// A sample person with counts for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 2, name: String = "alice", displayName: String? = "Alice",
        posts: Int = 12, comments: Int = 40
    ) -> Person2 {
        let person = Fixtures.person(id: id, name: name, displayName: displayName)
        let view = Fixtures.personView(person: person, posts: posts, comments: comments)
        return api.person2(Fixtures.decode(ApiPersonView.self, view))
    }
}

extension Person3 {
    /// A sample person with details (no moderated communities) for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 2, name: String = "alice", displayName: String? = "Alice",
        posts: Int = 12, comments: Int = 40
    ) -> Person3 {
        let person = Fixtures.person(id: id, name: name, displayName: displayName)
        let view = Fixtures.personView(person: person, posts: posts, comments: comments)
        let response: Fixtures.Object = [
            "person_view": view, "comments": [Fixtures.Object](), "posts": [Fixtures.Object](),
            "moderates": [Fixtures.Object](),
        ]
        return api.person3(Fixtures.decode(ApiGetPersonDetailsResponse.self, response))
    }
}

extension Community1 {
    /// A sample community for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 3, name: String = "swift", title: String? = "Swift",
        description: String? = "All things Swift."
    ) -> Community1 {
        api.community1(Fixtures.decode(ApiCommunity.self, Fixtures.community(id: id, name: name, title: title, description: description)))
    }
}

extension Community2 {
    /// A sample community with counts and subscription for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 3, name: String = "swift", title: String? = "Swift",
        description: String? = "All things Swift.", subscribers: Int = 1_234, posts: Int = 56,
        subscribed: Bool = false
    ) -> Community2 {
        let view = communityView(
            api: api, id: id, name: name, title: title, description: description,
            subscribers: subscribers, posts: posts, subscribed: subscribed)
        return api.community2(Fixtures.decode(ApiCommunityView.self, view))
    }

    /// Builds a community view and registers it with the client's preview server.
    fileprivate static func communityView(
        api: ApiClient, id: Int, name: String, title: String?, description: String?,
        subscribers: Int, posts: Int, subscribed: Bool
    ) -> Fixtures.Object {
        let view = Fixtures.communityView(
            community: Fixtures.community(id: id, name: name, title: title, description: description),
            subscribers: subscribers, posts: posts, subscribed: subscribed)
        api.previewServer?.register(communityView: view)
        return view
    }
}

extension Community3 {
    /// A sample community with details (no moderators) for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 3, name: String = "swift", title: String? = "Swift",
        description: String? = "All things Swift.", subscribers: Int = 1_234, posts: Int = 56,
        subscribed: Bool = false
    ) -> Community3 {
        let view = Community2.communityView(
            api: api, id: id, name: name, title: title, description: description,
            subscribers: subscribers, posts: posts, subscribed: subscribed)
        let response: Fixtures.Object = ["community_view": view, "moderators": [Fixtures.Object](), "discussion_languages": [Int]()]
        return api.community3(Fixtures.decode(ApiGetCommunityResponse.self, response))
    }
}

extension Post2 {
    /// A sample post for previews, registered with the client's preview server so that voting
    /// and saving it work.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 1, title: String = "Swift 6 in practice",
        body: String? = "What changed when we turned on complete concurrency checking.",
        url: URL? = nil, creatorId: Int = 2, creatorName: String = "alice", communityId: Int = 3,
        communityName: String = "swift", upvotes: Int = 12, downvotes: Int = 1,
        myVote: ScoringOperation = .none, saved: Bool = false, comments: Int = 3
    ) -> Post2 {
        let view = postView(
            api: api, id: id, title: title, body: body, url: url, creatorId: creatorId, creatorName: creatorName,
            communityId: communityId, communityName: communityName, upvotes: upvotes, downvotes: downvotes,
            myVote: myVote, saved: saved, comments: comments)
        return api.post2(Fixtures.decode(ApiPostView.self, view))
    }

    /// Builds a post view and registers it with the client's preview server.
    fileprivate static func postView(
        api: ApiClient, id: Int, title: String, body: String?, url: URL?, creatorId: Int, creatorName: String,
        communityId: Int, communityName: String, upvotes: Int, downvotes: Int, myVote: ScoringOperation,
        saved: Bool, comments: Int
    ) -> Fixtures.Object {
        let view = Fixtures.postView(
            post: Fixtures.post(id: id, title: title, body: body, url: url?.absoluteString, creatorId: creatorId, communityId: communityId),
            creator: Fixtures.person(id: creatorId, name: creatorName),
            community: Fixtures.community(id: communityId, name: communityName),
            upvotes: upvotes, downvotes: downvotes, myVote: myVote.rawValue, saved: saved, comments: comments)
        api.previewServer?.register(postView: view)
        return view
    }
}

extension Post1 {
    /// A sample post (its basic tier) for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 1, title: String = "Swift 6 in practice",
        body: String? = "What changed when we turned on complete concurrency checking.",
        url: URL? = nil
    ) -> Post1 {
        Post2.sample(api: api, id: id, title: title, body: body, url: url).post1
    }
}

extension Post3 {
    /// A sample post with its community's details (no moderators or cross-posts) for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 1, title: String = "Swift 6 in practice",
        body: String? = "What changed when we turned on complete concurrency checking.",
        url: URL? = nil, upvotes: Int = 12, downvotes: Int = 1, myVote: ScoringOperation = .none,
        saved: Bool = false, comments: Int = 3
    ) -> Post3 {
        let post = Post2.postView(
            api: api, id: id, title: title, body: body, url: url, creatorId: 2, creatorName: "alice",
            communityId: 3, communityName: "swift", upvotes: upvotes, downvotes: downvotes,
            myVote: myVote, saved: saved, comments: comments)
        let community = Community2.communityView(
            api: api, id: 3, name: "swift", title: "Swift", description: nil,
            subscribers: 1_234, posts: 56, subscribed: false)
        let response: Fixtures.Object = [
            "post_view": post, "community_view": community, "moderators": [Fixtures.Object](),
            "cross_posts": [Fixtures.Object](),
        ]
        return api.post3(Fixtures.decode(ApiGetPostResponse.self, response))
    }
}

extension Comment2 {
    /// A sample comment for previews, registered with the client's preview server so that voting
    /// and saving it work.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 10, content: String = "Great write-up, thanks!",
        postId: Int = 1, creatorId: Int = 4, creatorName: String = "bob", upvotes: Int = 5,
        downvotes: Int = 0, myVote: ScoringOperation = .none, saved: Bool = false
    ) -> Comment2 {
        let view = commentView(
            api: api, id: id, content: content, postId: postId, creatorId: creatorId, creatorName: creatorName,
            upvotes: upvotes, downvotes: downvotes, myVote: myVote, saved: saved)
        return api.comment2(Fixtures.decode(ApiCommentView.self, view))
    }

    /// Builds a comment view and registers it with the client's preview server.
    fileprivate static func commentView(
        api: ApiClient, id: Int, content: String, postId: Int, creatorId: Int, creatorName: String,
        upvotes: Int, downvotes: Int, myVote: ScoringOperation, saved: Bool
    ) -> Fixtures.Object {
        let view = Fixtures.commentView(
            comment: Fixtures.comment(id: id, content: content, creatorId: creatorId, postId: postId),
            creator: Fixtures.person(id: creatorId, name: creatorName),
            post: Fixtures.post(id: postId, title: "Swift 6 in practice", body: nil, url: nil, creatorId: 2, communityId: 3),
            community: Fixtures.community(id: 3, name: "swift"),
            upvotes: upvotes, downvotes: downvotes, myVote: myVote.rawValue, saved: saved)
        api.previewServer?.register(commentView: view)
        return view
    }
}

extension Comment1 {
    /// A sample comment (its basic tier) for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 10, content: String = "Great write-up, thanks!",
        postId: Int = 1
    ) -> Comment1 {
        Comment2.sample(api: api, id: id, content: content, postId: postId).comment1
    }
}

extension Reply1 {
    /// A sample reply to the account for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 20, commentId: Int = 11,
        content: String = "Did you try it on Linux too?", read: Bool = false
    ) -> Reply1 {
        let comment = Comment2.commentView(
            api: api, id: commentId, content: content, postId: 1, creatorId: 4, creatorName: "bob",
            upvotes: 1, downvotes: 0, myVote: .none, saved: false)
        let view = Fixtures.replyView(id: id, commentView: comment, recipient: Fixtures.person(id: 2, name: "alice"), read: read)
        return api.reply1(Fixtures.decode(ApiCommentReplyView.self, view))
    }
}

extension Mention1 {
    /// A sample mention of the account for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 30, commentId: Int = 12,
        content: String = "@alice wrote about this last week.", read: Bool = false
    ) -> Mention1 {
        let comment = Comment2.commentView(
            api: api, id: commentId, content: content, postId: 1, creatorId: 4, creatorName: "bob",
            upvotes: 1, downvotes: 0, myVote: .none, saved: false)
        var view = Fixtures.replyView(id: id, commentView: comment, recipient: Fixtures.person(id: 2, name: "alice"), read: read)
        view["person_mention"] = view.removeValue(forKey: "comment_reply")
        return api.mention1(Fixtures.decode(ApiPersonMentionView.self, view))
    }
}

extension Notice1 {
    /// A sample notice for previews: a new post in a community whose every post the account
    /// hears of (Lemmy 1.0).
    public static func sample(api: ApiClient = .preview(), id: Int = 50, postId: Int = 1, read: Bool = false) -> Notice1 {
        let post = Post2.sample(api: api, id: postId)
        return api.merge(
            Notice1Snapshot(id: id, reason: .subscribed, read: read, created: post.created), post: post, comment: nil, moderatorAction: nil)
    }
}

extension Message1 {
    /// A sample private message for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 40, content: String = "Coffee on Friday?",
        read: Bool = false
    ) -> Message1 {
        let view = Fixtures.messageView(
            id: id, content: content, creator: Fixtures.person(id: 4, name: "bob"),
            recipient: Fixtures.person(id: 2, name: "alice"), read: read)
        return api.message1(Fixtures.decode(ApiPrivateMessageView.self, view))
    }
}

extension Reply2 {
    /// A sample reply with its post, the post's community, and the author's profile, for
    /// previews. The reply answers the post, so it has no ``Reply2/parent``.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 20, commentId: Int = 11,
        content: String = "Did you try it on Linux too?", read: Bool = false
    ) -> Reply2 {
        let reply = Reply1.sample(api: api, id: id, commentId: commentId, content: content, read: read)
        let post = Post3.sample(api: api)
        let creator = Person2.sample(api: api, id: 4, name: "bob", displayName: nil)
        return api.merge(
            Reply2Snapshot(), reply1: reply, post2: post.post2, community2: post.community2, creator2: creator, parent: nil)
    }
}

extension Message2 {
    /// A sample private message with the sender's and the recipient's profiles, for previews.
    public static func sample(
        api: ApiClient = .preview(), id: Int = 40, content: String = "Coffee on Friday?",
        read: Bool = false
    ) -> Message2 {
        let message = Message1.sample(api: api, id: id, content: content, read: read)
        let creator = Person2.sample(api: api, id: 4, name: "bob", displayName: nil)
        let recipient = Person2.sample(api: api, id: 2, name: "alice", displayName: "Alice")
        return api.merge(Message2Snapshot(), message1: message, creator2: creator, recipient2: recipient)
    }
}
