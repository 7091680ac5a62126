internal import LemmyAPI

/// Ids of what a client purged, by kind.
struct PurgedIds: Sendable, Hashable {
    var posts: Set<Int> = []
    var comments: Set<Int> = []
    var communities: Set<Int> = []
    var persons: Set<Int> = []

    var isEmpty: Bool { posts.isEmpty && comments.isEmpty && communities.isEmpty && persons.isEmpty }

    /// Whether a feed entry shows purged content: the item itself, or a post or comment of a
    /// purged post, community or person.
    func hides(_ id: FeedEntryID, keys: FeedFilterKeys) -> Bool {
        guard !isEmpty else { return false }
        switch id.kind {
        case .post: if posts.contains(id.value) { return true }
        case .comment: if comments.contains(id.value) { return true }
        case .community: if communities.contains(id.value) { return true }
        case .person: if persons.contains(id.value) { return true }
        default: break
        }
        if let post = keys.postId, posts.contains(post) { return true }
        if let community = keys.communityId, communities.contains(community) { return true }
        if let creator = keys.creatorId, persons.contains(creator) { return true }
        return false
    }
}

/// Admin purges: content deleted from the instance for good.
///
/// A purge is not optimistic: nothing changes until the server confirms, since it cannot be
/// undone. Then the client agrees with the server: the live models are marked (a post, comment
/// or community as removed, a person as deleted and banned), the identity caches forget them, so
/// a later read cannot hand out the old object, and every ``LemmyFeed`` of this client leaves
/// them out of its ``LemmyFeed/items``, together with the posts and comments of a purged post,
/// community or person. ``isPurged(_:id:)`` answers for views that hold a model directly.
///
/// Each purge takes a reason for the modlog (Lemmy 1.0 requires one). Only admins may purge; anyone else is refused with the server's `not_an_admin`. Lemmy 0.19
/// and 1.0 also refuse to purge an admin appointed before the caller (`not_higher_admin`).
extension ApiClient {
    /// Purges a post and its comments.
    public func purgePost(id: Int, reason: String) async throws(ApiClientError) {
        try requireAccount()
        _ = try await send(LemmyAnyGeneration.PurgePost(ApiPurgePost(postId: id, reason: reason)), mutation: true)
        purged.posts.insert(id)
        markPostPurged(id)
    }

    /// Purges a comment.
    public func purgeComment(id: Int, reason: String) async throws(ApiClientError) {
        try requireAccount()
        _ = try await send(LemmyAnyGeneration.PurgeComment(ApiPurgeComment(commentId: id, reason: reason)), mutation: true)
        purged.comments.insert(id)
        markCommentPurged(id)
    }

    /// Purges a community with its posts.
    public func purgeCommunity(id: Int, reason: String) async throws(ApiClientError) {
        try requireAccount()
        _ = try await send(LemmyAnyGeneration.PurgeCommunity(ApiPurgeCommunity(communityId: id, reason: reason)), mutation: true)
        purged.communities.insert(id)
        applyConfirmed(caches.community1[id]) { $0.removed = true }
        for post in caches.post1.values where post.communityId == id { markPostPurged(post.id) }
        caches.community1.remove(id)
        caches.community2.remove(id)
        caches.community3.remove(id)
        if let account { Account.set(&account.subscribedCommunityIds, id, member: false) }
    }

    /// Purges a person: Lemmy 0.18 deletes the account with everything it wrote; 0.19 and 1.0
    /// keep it deleted and banned, with its posts and comments wiped.
    public func purgePerson(id: Int, reason: String) async throws(ApiClientError) {
        try requireAccount()
        _ = try await send(LemmyAnyGeneration.PurgePerson(ApiPurgePerson(personId: id, reason: reason)), mutation: true)
        purged.persons.insert(id)
        applyConfirmed(caches.person1[id]) { $0.isDeleted = true }
        applyConfirmed(caches.person2[id]) { $0.isBanned = true }
        for post in caches.post1.values where post.creatorId == id { markPostPurged(post.id) }
        for comment in caches.comment1.values where comment.creatorId == id { markCommentPurged(comment.id) }
        caches.person1.remove(id)
        caches.person2.remove(id)
        caches.person3.remove(id)
    }

    /// Whether this client purged the item of `kind` with `id` (posts, comments, communities and
    /// people; other kinds are never purged).
    public func isPurged(_ kind: FeedContentKind, id: Int) -> Bool {
        switch kind {
        case .post: purged.posts.contains(id)
        case .comment: purged.comments.contains(id)
        case .community: purged.communities.contains(id)
        case .person: purged.persons.contains(id)
        default: false
        }
    }

    /// Marks a live post (and its live comments) removed and forgets them.
    private func markPostPurged(_ id: Int) {
        applyConfirmed(caches.post1[id]) { $0.removed = true }
        for comment in caches.comment1.values where comment.postId == id { markCommentPurged(comment.id) }
        caches.post1.remove(id)
        caches.post2.remove(id)
        caches.post3.remove(id)
    }

    /// Writes `change` into a live model as a server-confirmed state, shown at once (unless one of
    /// its mutations is in flight; then when the queue drains).
    func applyConfirmed<Model: SnapshotBacked>(_ model: Model?, _ change: (inout Model.Snapshot) -> Void) {
        guard let model else { return }
        var snapshot = model.confirmed
        change(&snapshot)
        model.merge(snapshot, sequence: mergeSequence)
    }

    private func markCommentPurged(_ id: Int) {
        applyConfirmed(caches.comment1[id]) { $0.removed = true }
        caches.comment1.remove(id)
        caches.comment2.remove(id)
    }
}
