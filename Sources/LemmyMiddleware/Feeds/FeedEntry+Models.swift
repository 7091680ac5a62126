import Foundation
internal import LemmyAPI

// Entries for each kind of model: the filter keys are read here, once, on the main actor.
extension FeedEntry {
    @MainActor static func post(_ post: Post2) -> FeedEntry<Post2> {
        FeedEntry<Post2>(
            id: FeedEntryID(kind: .post, value: post.id), model: post, created: post.created,
            keys: .post(post))
    }

    /// A post entry that keeps the view it was made from, so the feed can be saved.
    @MainActor static func post(_ post: Post2, archive view: ApiPostView) -> FeedEntry<Post2> {
        FeedEntry<Post2>(
            id: FeedEntryID(kind: .post, value: post.id), model: post, created: post.created,
            keys: .post(post), archive: FeedEntryArchive(postView: view))
    }

    @MainActor static func comment(_ comment: Comment2) -> FeedEntry<Comment2> {
        FeedEntry<Comment2>(
            id: FeedEntryID(kind: .comment, value: comment.id), model: comment, created: comment.created,
            keys: .comment(comment))
    }

    @MainActor static func community(_ community: Community2) -> FeedEntry<Community2> {
        FeedEntry<Community2>(
            id: FeedEntryID(kind: .community, value: community.id), model: community, created: community.created,
            keys: FeedFilterKeys(
                actorId: community.community1.actorIdText.text, communityId: community.id,
                communityInstanceId: community.instanceId, title: community.displayName, body: community.description ?? ""))
    }

    @MainActor static func person(_ person: Person2) -> FeedEntry<Person2> {
        FeedEntry<Person2>(
            id: FeedEntryID(kind: .person, value: person.id), model: person, created: person.created,
            keys: FeedFilterKeys(
                actorId: person.person1.actorIdText.text, creatorId: person.id,
                creatorInstanceId: person.instanceId, title: person.displayName, body: person.bio ?? ""))
    }
}

// The keys take each model's ActivityPub id as the server sent it (`actorIdText`): reading
// `actorId` would parse it into a URL for every entry (see `LinkText`).
extension FeedFilterKeys {
    @MainActor static func post(_ post: Post2) -> FeedFilterKeys {
        FeedFilterKeys(
            actorId: post.post1.actorIdText.text, creatorId: post.creatorId, communityId: post.communityId, postId: post.id,
            creatorInstanceId: post.creator.instanceId, communityInstanceId: post.community.instanceId,
            title: post.title, body: post.content ?? "")
    }

    @MainActor static func comment(_ comment: Comment2) -> FeedFilterKeys {
        FeedFilterKeys(
            actorId: comment.comment1.actorIdText.text, creatorId: comment.creatorId, communityId: comment.community.id,
            postId: comment.postId, creatorInstanceId: comment.creator.instanceId, communityInstanceId: comment.community.instanceId,
            body: comment.content)
    }
}
