import Foundation
internal import LemmyAPI

// Entries for each kind of model: the filter keys are read here, once, on the main actor, from
// the models' storage (`_field`): these reads are the feed's, not a view's, so they register no
// observation, and a model no view reads never makes its registrar (see `ModelObservation`).
extension FeedEntry {
    @MainActor static func post(_ post: Post2) -> FeedEntry<Post2> {
        FeedEntry<Post2>(
            id: FeedEntryID(kind: .post, value: post.id), model: post, created: post.post1._created,
            keys: .post(post))
    }

    /// A post entry that keeps the view it was made from, so the feed can be saved.
    @MainActor static func post(_ post: Post2, archive view: ApiPostView) -> FeedEntry<Post2> {
        FeedEntry<Post2>(
            id: FeedEntryID(kind: .post, value: post.id), model: post, created: post.post1._created,
            keys: .post(post), archive: FeedEntryArchive(postView: view))
    }

    @MainActor static func comment(_ comment: Comment2) -> FeedEntry<Comment2> {
        FeedEntry<Comment2>(
            id: FeedEntryID(kind: .comment, value: comment.id), model: comment, created: comment.comment1._created,
            keys: .comment(comment))
    }

    @MainActor static func community(_ community: Community2) -> FeedEntry<Community2> {
        FeedEntry<Community2>(
            id: FeedEntryID(kind: .community, value: community.id), model: community, created: community.community1._created,
            keys: FeedFilterKeys(
                actorId: community.community1.actorIdText.text, communityId: community.id,
                communityInstanceId: community.community1._instanceId, title: community.community1._displayName,
                body: community.community1._description ?? ""))
    }

    @MainActor static func person(_ person: Person2) -> FeedEntry<Person2> {
        FeedEntry<Person2>(
            id: FeedEntryID(kind: .person, value: person.id), model: person, created: person.person1._created,
            keys: FeedFilterKeys(
                actorId: person.person1.actorIdText.text, creatorId: person.id,
                creatorInstanceId: person.person1._instanceId, title: person.person1._displayName, body: person.person1._bio ?? ""))
    }
}

// The keys take each model's ActivityPub id as the server sent it (`actorIdText`): reading
// `actorId` would parse it into a URL for every entry (see `LinkText`).
extension FeedFilterKeys {
    @MainActor static func post(_ post: Post2) -> FeedFilterKeys {
        FeedFilterKeys(
            actorId: post.post1.actorIdText.text, creatorId: post.post1._creatorId, communityId: post.post1._communityId,
            postId: post.id, creatorInstanceId: post.creator._instanceId, communityInstanceId: post.community._instanceId,
            title: post.post1._title, body: post.post1._content ?? "")
    }

    @MainActor static func comment(_ comment: Comment2) -> FeedFilterKeys {
        FeedFilterKeys(
            actorId: comment.comment1.actorIdText.text, creatorId: comment.comment1._creatorId, communityId: comment.community.id,
            postId: comment.comment1._postId, creatorInstanceId: comment.creator._instanceId,
            communityInstanceId: comment.community._instanceId, body: comment.comment1._content)
    }
}
