internal import LemmyAPI

/// Turning API values into live models: every function returns the cached object for the id,
/// updated in place (or as it is, when this answer merged it already), or registers a new one;
/// nested values (a post view's creator and community) update their own cached objects too. Merges are tagged with ``ApiClient/mergeSequence``, the
/// sequence number of the request whose answer is being merged.
extension ApiClient {
    /// `actions` are the account's own, from a view that carries the viewer's `person_actions`
    /// (1.0; none there means no note and no votes); nil keeps the cached ones, for values that
    /// carry no actions.
    func person1(_ person: ApiPerson, blocked: Bool? = nil, actions: ViewerPersonActions? = nil) -> Person1 {
        let cached = caches.person1[person.id]
        let isBlocked = blocked ?? cached?.readConfirmed({ $0.blocked }) ?? account?.blockedPersonIds.contains(person.id) ?? false
        let kept =
            actions ?? cached.map { $0.readConfirmed { ViewerPersonActions(note: $0.note, votes: $0.votes) } } ?? ViewerPersonActions()
        // The tally the answer brings, when there is a choice to make: a dated one, or any while a
        // person has a dated one (see `standingTally`). Before 1.0 and for guests there never is.
        if let votes = actions?.votes, votes.lastVoted != nil || !tallyMarks.isEmpty {
            return person1(person, cached: cached, blocked: isBlocked, actions: kept, tally: votes)
        }
        // A comment tree names its repliers again and again: one answer's person is the same in
        // each place, so only what the view adds about the viewer can differ.
        if let cached, mergedFromThisAnswer(cached),
            cached.readConfirmed({ $0.blocked == isBlocked && $0.note == kept.note && $0.votes == kept.votes })
        {
            return cached
        }
        let snapshot = Person1Snapshot(person, blocked: isBlocked, actions: kept, text: escapedText)
        // The generated `merge(_:)` would look the id up again.
        if let cached {
            cached.mergeAnswer(snapshot, sequence: mergeSequence)
            return cached
        }
        return caches.person1.register(Person1(api: self, snapshot: snapshot), for: person.id, sequence: mergeSequence)
    }

    /// Whether `model` was merged from the answer being merged now. Lemmy's answers repeat an
    /// object wherever it belongs (a community in each of its posts, a post in each of its
    /// comments), the same each time as it is read once, so a merge already made from this
    /// answer is not made again: building its snapshot and comparing it with the model's was
    /// most of each repeat (for a post, its whole body, in every comment of a tree). A server that
    /// sends one object two ways in one answer has its first shown, unless a later place differs
    /// in what it says about the viewer (a person's block, note or votes): that place is then
    /// merged whole. Never for sequence 0, which is no answer's.
    func mergedFromThisAnswer(_ model: some SnapshotBacked) -> Bool {
        model.mergedSequence == mergeSequence && mergeSequence != 0
    }

    /// ``person1(_:blocked:actions:)`` for an answer that brings a vote tally to choose
    /// (`incoming`). Apart, and never inlined, so that the common merge without one stays small
    /// enough to inline into every post's and comment's (the 10,000-post scroll, by callgrind).
    @inline(never)
    private func person1(
        _ person: ApiPerson, cached: Person1?, blocked: Bool, actions: ViewerPersonActions, tally incoming: PersonVoteTally
    ) -> Person1 {
        var kept = actions
        let held = cached?.readConfirmed { $0.votes }
        if let held { kept.votes = standingTally(of: person.id, held: held, incoming: incoming) }
        let votes = kept.votes
        let snapshot = Person1Snapshot(person, blocked: blocked, actions: kept, text: escapedText)
        guard let cached else {
            noteTallyTaken(incoming, of: person.id)
            return caches.person1.register(Person1(api: self, snapshot: snapshot), for: person.id, sequence: mergeSequence)
        }
        cached.mergeAnswer(snapshot, sequence: mergeSequence)
        // `merge` drops the answer to a request sent before the one the model holds, which can
        // still carry the tally that stands (`standingTally` chose it).
        if votes != cached.readConfirmed({ $0.votes }) { cached.confirmOutOfOrder { $0.votes = votes } }
        // Noted when it changes only: the mark dates the tally's first arrival, and an answer
        // repeating it (a page in flight since before) must not move the mark past requests sent
        // since, whose tallies stand over it.
        if incoming != held, cached.readConfirmed({ $0.votes }) == incoming { noteTallyTaken(incoming, of: person.id) }
        return cached
    }

    /// `carriesActions`: whether the view was read with the viewer's `person_actions` (1.0's
    /// GetSite lists its admins without a viewer, AdminListUsers has none): only then does
    /// missing actions mean none.
    func person2(_ view: ApiPersonView, carriesActions: Bool = true) -> Person2 {
        let blocked = view.personActions.map { $0.blockedAt != nil }
        let actions = carriesActions || view.personActions != nil ? ViewerPersonActions(view.personActions) : nil
        let person1 = person1(view.person, blocked: blocked, actions: actions)
        return merge(Person2Snapshot(view), person1: person1)
    }

    func person3(_ response: ApiGetPersonDetailsResponse) -> Person3 {
        let person2 = person2(response.personView)
        let moderated = response.moderates.map { community1($0.community) }
        let created = (response.multiCommunitiesCreated ?? []).map { multiCommunity1($0) }
        return merge(Person3Snapshot(), person2: person2, moderatedCommunities: moderated, createdMultiCommunities: created)
    }

    func community1(_ community: ApiCommunity, blocked: Bool? = nil) -> Community1 {
        let cached = caches.community1[community.id]
        // `blocked`, when given, comes from the view around the community, not from the community.
        if blocked == nil, let cached, mergedFromThisAnswer(cached) { return cached }
        let isBlocked = blocked ?? cached?.readConfirmed({ $0.blocked }) ?? account?.blockedCommunityIds.contains(community.id) ?? false
        let snapshot = Community1Snapshot(community, blocked: isBlocked, text: escapedText)
        // The generated `merge(_:)` would look the id up again.
        if let cached {
            cached.mergeAnswer(snapshot, sequence: mergeSequence)
            return cached
        }
        return caches.community1.register(Community1(api: self, snapshot: snapshot), for: community.id, sequence: mergeSequence)
    }

    func community2(_ view: ApiCommunityView) -> Community2 {
        let blocked = view.blocked ?? view.communityActions.map { $0.blockedAt != nil }
        let community1 = community1(view.community, blocked: blocked)
        let snapshot = Community2Snapshot(view)
        let subscribed = snapshot.subscription.isSubscribed
        // `merge` consumes the snapshot: read what is needed of it first, or it is copied.
        let model = merge(snapshot, community1: community1)
        if let account { Account.set(&account.subscribedCommunityIds, model.id, member: subscribed) }
        return model
    }

    func community3(_ response: ApiGetCommunityResponse) -> Community3 {
        let community2 = community2(response.communityView)
        let moderators = response.moderators.map { person1($0.moderator) }
        let snapshot = Community3Snapshot(discussionLanguages: response.discussionLanguages)
        return merge(snapshot, community2: community2, moderators: moderators)
    }

    func post1(_ post: ApiPost) -> Post1 {
        post1(post, cached: caches.post1[post.id])
    }

    /// ``post1(_:)`` with the cache already read (`cached`), which a caller that must know
    /// whether the post is new passes. `cached` is handed over, so returning it takes no retain
    /// (one through the side table of the cache's weak reference, about 60 instructions with its
    /// release).
    private func post1(_ post: ApiPost, cached: consuming Post1?) -> Post1 {
        guard let cached else {
            return caches.post1.register(
                Post1(api: self, snapshot: Post1Snapshot(post, text: escapedText)), for: post.id, sequence: mergeSequence)
        }
        if mergedFromThisAnswer(cached) { return cached }
        // The generated `merge(_:)` would look the id up again.
        cached.mergeAnswer(Post1Snapshot(post, text: escapedText), sequence: mergeSequence)
        return cached
    }

    func post2(_ view: ApiPostView) -> Post2 {
        let cachedPost1 = caches.post1[view.post.id]
        let isNew = cachedPost1 == nil
        let post1 = post1(view.post, cached: consume cachedPost1)
        let creator = person1(
            view.creator, blocked: view.creatorBlocked ?? view.personActions.map { $0.blockedAt != nil },
            actions: ViewerPersonActions(view.personActions))
        let community = community1(view.community)
        let snapshot = Post2Snapshot(view)
        // A tier 2 holds its tier 1, and a purge drops both from the caches: with no tier 1
        // cached there is no tier 2 to look up (a lookup saved for each post of a feed of new posts).
        guard !isNew else {
            let id = post1.id
            // Handed over (`consume`): each retain of a cached model goes through the side table
            // its weak reference made, about 60 instructions a retain and its release.
            let model = Post2(post1: consume post1, creator: consume creator, community: consume community, snapshot: consume snapshot)
            return caches.post2.registerNew(model, for: id, sequence: mergeSequence)
        }
        return merge(snapshot, post1: post1, creator: creator, community: community)
    }

    func post3(_ response: ApiGetPostResponse) -> Post3 {
        let post2 = post2(response.postView)
        let community2 = community2(response.communityView)
        let moderators = response.moderators.map { person1($0.moderator) }
        let crossPosts = response.crossPosts.map { self.post2($0) }
        return merge(Post3Snapshot(), post2: post2, community2: community2, moderators: moderators, crossPosts: crossPosts)
    }

    func comment1(_ comment: ApiComment) -> Comment1 {
        comment1(comment, cached: caches.comment1[comment.id])
    }

    /// ``comment1(_:)`` with the cache already read (`cached`, handed over as in
    /// `post1(_:cached:)`), which a caller that must know whether the comment is new passes.
    private func comment1(_ comment: ApiComment, cached: consuming Comment1?) -> Comment1 {
        guard let cached else {
            return caches.comment1.register(
                Comment1(api: self, snapshot: Comment1Snapshot(comment, text: escapedText)), for: comment.id, sequence: mergeSequence)
        }
        // The generated `merge(_:)` would look the id up again.
        cached.mergeAnswer(Comment1Snapshot(comment, text: escapedText), sequence: mergeSequence)
        return cached
    }

    func comment2(_ view: ApiCommentView) -> Comment2 {
        let cachedComment1 = caches.comment1[view.comment.id]
        let isNew = cachedComment1 == nil
        let comment1 = comment1(view.comment, cached: consume cachedComment1)
        let creator = person1(
            view.creator, blocked: view.creatorBlocked ?? view.personActions.map { $0.blockedAt != nil },
            actions: ViewerPersonActions(view.personActions))
        let post = post1(view.post)
        let community = community1(view.community)
        let snapshot = Comment2Snapshot(view)
        // As in `post2(_:)`: no tier 2 is cached without its tier 1, so a new tier 1 needs no
        // lookup, and its tiers are handed over rather than retained.
        guard !isNew else {
            let id = comment1.id
            let model = Comment2(
                comment1: consume comment1, creator: consume creator, post: consume post, community: consume community,
                snapshot: consume snapshot)
            return caches.comment2.registerNew(model, for: id, sequence: mergeSequence)
        }
        return merge(snapshot, comment1: comment1, creator: creator, post: post, community: community)
    }

    /// The site's tiers 1 and 2 from a site view (GetSite's, EditSite's answer).
    func site2(_ view: ApiSiteView) -> Site2 {
        merge(Site2Snapshot(view), site1: merge(Site1Snapshot(view.site, text: escapedText)))
    }

    func site3(_ response: ApiGetSiteResponse) -> Site3 {
        let view = response.siteView
        let site2 = site2(view)
        // Lemmy reads GetSite's admins without a viewer (and caches the answer for everyone).
        let admins = response.admins.map { person2($0, carriesActions: false).person1 }
        let snapshot = Site3Snapshot(version: response.version)
        return merge(snapshot, site2: site2, administrators: admins)
    }

    func reply1(_ view: ApiCommentReplyView) -> Reply1 {
        let comment = comment2(ApiCommentView(reply: view))
        let snapshot = Reply1Snapshot(
            id: view.commentReply.id, read: view.commentReply.read,
            created: view.commentReply.published.date)
        return merge(snapshot, comment: comment)
    }

    /// A 1.0 reply notification; nil for other kinds.
    func reply1(_ notification: ApiNotificationView) -> Reply1? {
        guard case .reply = notification.notification.kind, case .comment(let view) = notification.data else { return nil }
        let comment = comment2(view)
        let snapshot = Reply1Snapshot(
            id: notification.notification.id, read: notification.notification.read,
            created: notification.notification.publishedAt.date)
        return merge(snapshot, comment: comment)
    }

    /// A private message; on 1.0 `notification` is the notification that delivered it, which
    /// holds the read flag (1.0 messages have none of their own).
    func message1(_ view: ApiPrivateMessageView, notification: ApiNotification? = nil) -> Message1 {
        let message = view.privateMessage
        let creator = person1(view.creator)
        let recipient = person1(view.recipient)
        let previous = caches.message1[message.id]?.readConfirmed { (read: $0.read, notificationId: $0.notificationId) }
        let snapshot = Message1Snapshot(
            id: message.id, actorId: LinkText(text: message.apId),
            content: escapedText.unescape(message.content), created: message.publishedAt.date,
            updated: message.updatedAt?.date, deleted: message.deleted,
            read: notification?.read ?? message.read ?? previous?.read ?? false,
            notificationId: notification?.id ?? previous?.notificationId)
        return merge(snapshot, creator: creator, recipient: recipient)
    }
}
