import Foundation

/// State changes. Each validates like Lemmy does and throws ``APIError``.
extension Database {
    /// A vote: Lemmy first takes back the person's vote, then adds one only for 1 or -1, so any
    /// other score (2, -7) takes the vote back rather than being refused.
    mutating func votePost(_ postId: Int, by personId: Int, score: Int, now: Double, dialect: LemmyDialect) throws {
        try checkNotBot(personId, dialect: dialect)
        // 1.0 reads the post as the voter sees it (`PostView::read`); 0.18's `Post::read` fails bare.
        if dialect == .v1_0 { try requirePostView(postId, by: personId, dialect: dialect) }
        // A purged post's row is gone (the test server keeps it, marked).
        guard let post = post(postId), !purged.posts.contains(postId) else {
            throw APIError.notFound("post", in: dialect)
        }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect, alsoStateIn018: true)
        let score = score == 1 || score == -1 ? score : 0
        let old = users[personId]?.postVotes[postId] ?? 0
        if old == 1 { posts[postId - 1].upvotes -= 1 } else if old == -1 { posts[postId - 1].downvotes -= 1 }
        if score == 1 { posts[postId - 1].upvotes += 1 } else if score == -1 { posts[postId - 1].downvotes += 1 }
        users[personId, default: UserState()].postVotes[postId] = score == 0 ? nil : score
        users[personId, default: UserState()].postVoteTimes[postId] = score == 0 ? nil : now
        // 1.0's `PersonActions::like`, after the post's own vote, for its creator.
        tallyVote(by: personId, on: post.creatorId, from: old, to: score, now: now)
        // Voting marks the post read, like Lemmy (which 1.0 dates anew: its upsert sets `read_at`).
        users[personId, default: UserState()].readPosts[postId] = now
        if dialect == .v1_0 {
            // Lemmy stores the post on a comment's notifications too, so theirs are marked as well.
            let comments = Set(commentsByPost[postId - 1])
            markNotificationsRead(of: personId) { $0.postId == postId || $0.commentId.map(comments.contains) == true }
        }
    }

    /// A vote on a comment, as ``votePost(_:by:score:now:dialect:)``.
    mutating func voteComment(_ commentId: Int, by personId: Int, score: Int, now: Double, dialect: LemmyDialect) throws {
        try checkNotBot(personId, dialect: dialect)
        guard let comment = comment(commentId), !purged.comments.contains(commentId) else { throw APIError.notFound("comment") }
        try checkCommunityAction(by: personId, on: comment, dialect: dialect)
        let score = score == 1 || score == -1 ? score : 0
        let old = users[personId]?.commentVotes[commentId] ?? 0
        if old == 1 { comments[commentId - 1].upvotes -= 1 } else if old == -1 { comments[commentId - 1].downvotes -= 1 }
        if score == 1 { comments[commentId - 1].upvotes += 1 } else if score == -1 { comments[commentId - 1].downvotes += 1 }
        users[personId, default: UserState()].commentVotes[commentId] = score == 0 ? nil : score
        users[personId, default: UserState()].commentVoteTimes[commentId] = score == 0 ? nil : now
        tallyVote(by: personId, on: comment.creatorId, from: old, to: score, now: now)
        if dialect == .v1_0 { markNotificationsRead(of: personId) { $0.commentId == commentId } }
    }

    /// `PersonActions::like`: the voter's row for the creator, made by this vote unless a block or
    /// a note made it first (then without counters, see ``PersonVoteTally``).
    private mutating func tallyVote(by personId: Int, on creatorId: Int, from old: Int, to new: Int, now: Double) {
        var state = users[personId, default: UserState()]
        let rowExisted = state.blockedPersons[creatorId] != nil || state.personNotes[creatorId] != nil
        state.personVotes[creatorId, default: PersonVoteTally(rowExisted: rowExisted, now: now)].record(from: old, to: new, now: now)
        users[personId] = state
    }

    /// 0.19 and 1.0 refuse votes from bot accounts (`check_bot_account`: `invalid_bot_action`).
    private func checkNotBot(_ personId: Int, dialect: LemmyDialect) throws {
        if dialect != .v0_18, person(personId)?.isBot == true { throw APIError.code("invalid_bot_action") }
    }

    /// Saves or unsaves a post; either way Lemmy marks it read (`mark_post_as_read` in SavePost).
    mutating func saveComment(_ commentId: Int, by personId: Int, save: Bool, now: Double) throws {
        guard comment(commentId) != nil else { throw APIError.notFound("comment") }
        users[personId, default: UserState()].savedComments[commentId] = save ? now : nil
    }

    mutating func markRead(_ postIds: [Int], by personId: Int, read: Bool, now: Double) throws {
        for id in postIds {
            guard let post = post(id) else { throw APIError.notFound("post") }
            users[personId, default: UserState()].readPosts[id] = read ? now : nil
            users[personId, default: UserState()].readCommentCounts[id] = read ? post.commentCount : nil
        }
    }

    mutating func hide(_ postIds: [Int], by personId: Int, hide: Bool, now: Double) throws {
        for id in postIds {
            guard post(id) != nil else { throw APIError.notFound("post") }
            users[personId, default: UserState()].hiddenPosts[id] = hide ? now : nil
        }
    }

    mutating func blockCommunity(_ communityId: Int, by personId: Int, block: Bool, now: Double) throws {
        guard community(communityId) != nil else { throw APIError.notFound("community") }
        users[personId, default: UserState()].blockedCommunities[communityId] = block ? now : nil
        if block { try self.follow(communityId, by: personId, follow: false, now: now) }
    }

    mutating func blockPerson(_ targetId: Int, by personId: Int, block: Bool, now: Double) throws {
        guard let target = person(targetId) else { throw APIError.notFound("person") }
        if targetId == personId { throw APIError.code("cant_block_yourself") }
        // Unblocking an admin is refused too: Lemmy checks the target before looking at `block`.
        if target.isAdmin { throw APIError.code("cant_block_admin") }
        users[personId, default: UserState()].blockedPersons[targetId] = block ? now : nil
    }

    /// A new post; its fields were checked by ``ContentRules`` (title, link, body), as Lemmy checks
    /// them before the community.
    mutating func createPost(
        name: String, communityId: Int, url: String?, body: String?, nsfw: Bool, languageId: Int = 0, altText: String? = nil,
        tags: [Int]? = nil, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws -> Int {
        let community = try checkPostCreation(communityId: communityId, by: personId, dialect: dialect)
        // 0.18.5 stores the trimmed title, and the body, as ammonia cleans them.
        let trimmed = dialect.stored(ContentRules.trimmed(name))
        let id = posts.count + 1
        posts.append(
            PostRecord(
                id: id, name: trimmed, body: dialect.stored(body), url: url, creatorId: personId, communityId: communityId,
                published: now, nsfw: nsfw || community.nsfw, upvotes: 0, downvotes: 0, newestCommentTime: now))
        posts[id - 1].languageId = languageId
        if let altText { posts[id - 1].media = PostMedia(altText: altText) }
        commentsByPost.append([])
        countPost(posts[id - 1], +1)
        // 1.0 sets the tags right after writing the post, before the author's vote, the read mark
        // and the notifications (`create.rs`): refused tags leave a post without any of them.
        if let tags { try setPostTags(id, to: tags) }
        posts[id - 1].upvotes = 1
        users[personId, default: UserState()].postVotes[id] = 1
        users[personId, default: UserState()].postVoteTimes[id] = now
        users[personId, default: UserState()].readPosts[id] = now
        if dialect == .v1_0 { notify(post: id, comment: nil, by: personId, now: now) }
        return id
    }

    /// The community a post may be made in by `personId`, or Lemmy's refusal (the checks
    /// ``createPost(name:communityId:url:body:nsfw:by:now:dialect:)`` makes first; 0.18 makes them
    /// before it reads the link's page).
    func checkPostCreation(communityId: Int, by personId: Int, dialect: LemmyDialect) throws -> CommunityRecord {
        try checkCommunityAction(by: personId, in: communityId, dialect: dialect, alsoStateIn018: true)
        guard let community = community(communityId) else { throw APIError.notFound("community") }
        if community.postingRestrictedToMods && !isModOrAdmin(personId, of: communityId) {
            throw APIError.code("only_mods_can_post_in_community")
        }
        return community
    }

    /// Lemmy's refusal of an edit of post `postId` by `personId`, if it refuses (the checks
    /// ``editPost(_:name:url:body:nsfw:languageId:by:now:dialect:)`` makes first).
    func checkPostEdit(_ postId: Int, by personId: Int, dialect: LemmyDialect) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect)
        guard post.creatorId == personId else { throw APIError.code("no_post_edit_allowed") }
    }

    mutating func editPost(
        _ postId: Int, name: String?, url: String?, body: String?, nsfw: Bool?, languageId: Int? = nil, altText: String? = nil,
        tags: [Int]? = nil, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        try checkPostEdit(postId, by: personId, dialect: dialect)
        try Self.checkLanguage(languageId)
        if let name { posts[postId - 1].name = dialect.stored(name) }
        if let url {
            posts[postId - 1].url = url.isEmpty ? nil : url
        } else if dialect == .v0_18 {
            // 0.18.5 writes the edit's link whether or not it has one (`Some(data_url.map(..))`).
            posts[postId - 1].url = nil
        }
        if let body { posts[postId - 1].body = dialect.stored(body) }
        if let nsfw { posts[postId - 1].nsfw = nsfw }
        if let languageId { posts[postId - 1].languageId = languageId }
        if let altText {
            var stored = posts[postId - 1].media ?? PostMedia()
            stored.altText = altText.isEmpty ? nil : altText
            posts[postId - 1].media = stored
        }
        posts[postId - 1].updated = now
        // 1.0 sets the tags after the edit and before notifying (`update.rs`).
        if let tags { try setPostTags(postId, to: tags) }
        if dialect == .v1_0 { notify(post: postId, comment: nil, by: personId, now: now) }
    }

    /// Deletes or restores one's post; Lemmy refuses to set the flag it already has.
    mutating func deletePost(_ postId: Int, deleted: Bool, by personId: Int, dialect: LemmyDialect) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        if post.deleted == deleted { throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_update_post") }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect, alsoStateIn018: true)
        guard post.creatorId == personId else { throw APIError.code("no_post_edit_allowed") }
        posts[postId - 1].deleted = deleted
    }

    /// Removes or restores a post; 0.19 and 1.0 then resolve its reports, as the moderator
    /// (`PostReport::resolve_all_for_object`), whichever way it went.
    ///
    /// 1.0's `remove_children`, when given, decides the post's state in place of `removed`
    /// (`remove_children.unwrap_or(removed)`), sets every comment of the post to it with a
    /// modlog entry for each one not deleted, and resolves the comments' reports.
    mutating func removePost(
        _ postId: Int, removed: Bool, removeChildren: Bool? = nil, reason: String?, by personId: Int, now: Double,
        dialect: LemmyDialect
    ) throws {
        let removed = dialect == .v1_0 ? removeChildren ?? removed : removed
        guard let post = post(postId) else { throw APIError.notFound("post") }
        try checkCommunityModAction(personId, in: post.communityId, dialect: dialect)
        if dialect != .v0_18 { try checkHigherModOrAdmin(personId, in: post.communityId, than: [post.creatorId]) }
        posts[postId - 1].removed = removed
        if dialect != .v0_18 { resolveReports(.post, of: postId, by: personId, now: now) }
        modlog.append(
            ModlogRecord(
                id: modlog.count + 1, kind: .removePost, moderatorId: personId, targetId: postId,
                reason: reason, flag: removed, when: now))
        guard dialect == .v1_0, let children = removeChildren else { return }
        for commentId in commentsByPost[postId - 1] {
            comments[commentId - 1].removed = children
            if !comments[commentId - 1].deleted {
                modlog.append(entry(.removeComment, by: personId, target: commentId, reason: reason, flag: children, now: now))
            }
            resolveReports(.comment, of: commentId, by: personId, now: now)
        }
    }

    /// A new comment, checked in Lemmy's order: length (an empty one is allowed), the post (found
    /// even when deleted), the community, the post's state, the lock of the post or (1.0) of the
    /// parent comment (which 0.19 and 1.0 let moderators and admins through), then the parent:
    /// one that does not exist (or was purged) is ignored (a top-level comment), one on another
    /// post is `couldnt_create_comment`, one too deep `max_comment_depth_reached`; last the
    /// language (`language_not_allowed`).
    mutating func createComment(
        content: String, postId: Int, parentId: Int?, languageId: Int? = nil, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws -> Int {
        try ContentRules.checkBody(content, post: false, dialect: dialect)
        guard let post = post(postId) else { throw APIError.notFound("post") }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect, alsoStateIn018: true)
        if post.deleted || post.removed { throw APIError.code("deleted") }
        // A purged parent is gone: the comment becomes a top-level one, as for an unknown id.
        let parent = parentId.flatMap { comment($0) }.flatMap { purged.comments.contains($0.id) ? nil : $0 }
        // 1.0 also refuses a reply to a locked comment (`post.locked || parent.locked`).
        let locked = post.locked || (dialect == .v1_0 && parent?.locked == true)
        if locked && (dialect == .v0_18 || !isModOrAdmin(personId, of: post.communityId)) { throw APIError.code("locked") }
        var depth = 0
        if let parent {
            guard parent.postId == postId else { throw APIError.code(dialect == .v1_0 ? "couldnt_create" : "couldnt_create_comment") }
            if dialect == .v1_0 && (parent.deleted || parent.removed) { throw APIError.code("deleted") }
            // The parent's path has depth + 2 labels ("0" first): at most 100 in 0.18, 51 later.
            if parent.depth + 2 > (dialect == .v0_18 ? 100 : 51) { throw APIError.code("max_comment_depth_reached") }
            depth = parent.depth + 1
        }
        try Self.checkLanguage(languageId)
        let parentId = parent?.id
        let id = comments.count + 1
        comments.append(
            CommentRecord(
                id: id, postId: postId, creatorId: personId, parentId: parentId, depth: depth,
                content: dialect.stored(content), published: now, upvotes: 1, downvotes: 0, languageId: languageId ?? 0))
        commentsByPost[postId - 1].append(id)
        posts[postId - 1].commentCount += 1
        countComment(comments[id - 1], communityId: post.communityId, +1)
        posts[postId - 1].newestCommentTime = now
        var ancestor = parentId
        while let a = ancestor {
            comments[a - 1].childCount += 1
            ancestor = comments[a - 1].parentId
        }
        users[personId, default: UserState()].commentVotes[id] = 1
        users[personId, default: UserState()].commentVoteTimes[id] = now
        if dialect == .v1_0 {
            notify(post: postId, comment: id, by: personId, now: now)
        } else {
            notifyOfComment(id, by: personId, now: now, dialect: dialect)
        }
        if let parentId { markParentNotificationsRead(parentId, by: personId, dialect: dialect) }
        return id
    }

    /// Edits one's comment, in Lemmy's order: the comment, the community, the author, the
    /// language, then the text's length.
    mutating func editComment(
        _ commentId: Int, content: String?, languageId: Int? = nil, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        guard let comment = comment(commentId) else { throw APIError.notFound("comment") }
        try checkCommunityAction(by: personId, on: comment, dialect: dialect)
        guard comment.creatorId == personId else { throw APIError.code("no_comment_edit_allowed") }
        try Self.checkLanguage(languageId)
        try ContentRules.checkBody(content, post: false, dialect: dialect)
        if let content { comments[commentId - 1].content = dialect.stored(content) }
        if let languageId { comments[commentId - 1].languageId = languageId }
        comments[commentId - 1].updated = now
        if dialect == .v1_0 {
            notify(post: comment.postId, comment: commentId, by: personId, now: now)
        } else {
            notifyOfComment(commentId, by: personId, now: now, dialect: dialect)
        }
    }

    /// The site's languages are undetermined (0) and English (37); others are `language_not_allowed`.
    static func checkLanguage(_ id: Int?) throws {
        guard let id else { return }
        guard id == 0 || id == 37 else { throw APIError.code("language_not_allowed") }
    }

    /// Deletes or restores one's comment; Lemmy refuses to set the flag it already has.
    mutating func deleteComment(_ commentId: Int, deleted: Bool, by personId: Int, dialect: LemmyDialect) throws {
        guard let comment = comment(commentId) else { throw APIError.notFound("comment") }
        if comment.deleted == deleted { throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_update_comment") }
        try checkCommunityAction(by: personId, on: comment, dialect: dialect)
        guard comment.creatorId == personId else { throw APIError.code("no_comment_edit_allowed") }
        comments[commentId - 1].deleted = deleted
    }

    /// Marks an inbox entry of `kind` (any kind for nil: 1.0's notifications) read, as each
    /// version checks it.
    ///
    /// 0.18 and 0.19 read the reply, mention or message row first: a missing one is diesel's
    /// bare 404 on 0.18 (it reads with `?`) and `couldnt_find_comment_reply`,
    /// `couldnt_find_person_mention` or `couldnt_find_private_message` on 0.19. Then someone
    /// else's is refused with `couldnt_update_comment` (replies and mentions) or
    /// `couldnt_update_private_message`. 1.0 updates the notifications with that id and that
    /// recipient and answers success however many there were: a missing notification, or
    /// someone else's, changes nothing and is no error (`mark_read_by_id_and_person`).
    mutating func markInbox(_ id: Int, kind: InboxRecord.Kind?, read: Bool, by personId: Int, dialect: LemmyDialect) throws {
        // A purge took a reply's or mention's row with its comment (`ON DELETE CASCADE`).
        // `id >= 1` first: `id - 1` of the smallest Int traps (Lemmy's i32 ids refuse such a form).
        let entry = id >= 1 && id <= inbox.count ? inbox[id - 1] : nil
        guard let entry, kind == nil || entry.kind == kind, entry.commentId.map(purged.comments.contains) != true else {
            if dialect == .v1_0 { return }
            throw APIError.notFound(
                kind == .privateMessage ? "private_message" : kind == .mention ? "person_mention" : "comment_reply", in: dialect)
        }
        guard entry.recipientId == personId else {
            if dialect == .v1_0 { return }
            throw APIError.code(kind == .privateMessage ? "couldnt_update_private_message" : "couldnt_update_comment")
        }
        inbox[id - 1].read = read
    }

    mutating func markAllInboxRead(by personId: Int) {
        for id in inboxByRecipient[personId] ?? [] { inbox[id - 1].read = true }
    }

    /// A report, checked in Lemmy's order: the trimmed reason, the target, the community.
    ///
    /// The post is read as a guest sees it, so a deleted or removed one is not found (0.18: the
    /// bare `Record not found`; 1.0 still shows a deleted post that has comments, and refuses it
    /// as `deleted`). A deleted or removed comment is `deleted` (0.18 takes the report).
    mutating func report(
        _ kind: ReportRecord.Kind, targetId: Int, reason: String, by personId: Int, now: Double, dialect: LemmyDialect,
        violatesInstanceRules: Bool = false
    ) throws -> Int {
        let reason = dialect.stored(try ContentRules.checkReportReason(reason))
        let text: String
        switch kind {
        case .post:
            guard let post = post(targetId) else { throw APIError.notFound("post") }
            if post.removed || post.deleted {
                if dialect == .v0_18 { throw APIError.recordNotFound }
                if dialect == .v1_0 && !post.removed && post.commentCount > 0 {
                    try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect)
                    throw APIError.code("deleted")
                }
                throw APIError.notFound("post")
            }
            try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect)
            text = post.name
        case .comment:
            guard let comment = comment(targetId) else { throw APIError.notFound("comment") }
            try checkCommunityAction(by: personId, on: comment, dialect: dialect)
            if dialect != .v0_18 && (comment.deleted || comment.removed) { throw APIError.code("deleted") }
            text = content(of: comment)
        case .community:
            // Only 1.0 has them, filed by their own route.
            preconditionFailure("community reports are filed with reportCommunity(_:reason:by:now:)")
        }
        // One report per person and item: the table's unique key refuses a second.
        if reports.contains(where: { $0.kind == kind && $0.targetId == targetId && $0.creatorId == personId }) {
            throw APIError.code(dialect == .v1_0 ? "couldnt_create" : "couldnt_create_report")
        }
        let id = reports.count + 1
        reports.append(
            ReportRecord(
                id: id, kind: kind, creatorId: personId, targetId: targetId, originalText: text,
                reason: reason, violatesInstanceRules: violatesInstanceRules, published: now))
        return id
    }

    /// Marks every report on one item resolved by `personId`.
    mutating func resolveReports(_ kind: ReportRecord.Kind, of targetId: Int, by personId: Int, now: Double) {
        for index in reports.indices where reports[index].kind == kind && reports[index].targetId == targetId {
            reports[index].resolved = true
            reports[index].resolverId = personId
            reports[index].updated = now
        }
    }

    /// How many reports there are about item `targetId` of `kind`, and how many are open: 1.0's
    /// `report_count` and `unresolved_report_count` of a post, comment or community, kept by
    /// triggers on its report table. The open count leaves out reports to the admins that the
    /// instance's rules are broken (which only post and comment reports can say).
    func reportCounts(_ kind: ReportRecord.Kind, of targetId: Int) -> (all: Int, unresolved: Int) {
        var counts = (all: 0, unresolved: 0)
        for report in reports where report.kind == kind && report.targetId == targetId {
            counts.all += 1
            if !report.resolved && !report.violatesInstanceRules { counts.unresolved += 1 }
        }
        return counts
    }

    /// The community a report is about.
    func communityId(of report: ReportRecord) -> Int? {
        switch report.kind {
        case .post: post(report.targetId)?.communityId
        case .comment: comment(report.targetId).flatMap { post($0.postId)?.communityId }
        case .community: report.targetId
        }
    }

    /// Lemmy's check before a person acts in a community (posts, comments, votes, reports):
    /// 0.19 and 1.0 `check_community_user_action`: `deleted` for a deleted or removed community,
    /// then the ban (`banned_from_community`; 1.0 `person_is_banned_from_community`). 0.18 has
    /// no such helper: each handler checks the ban (`community_ban`) and only some the community's
    /// state (creating posts and comments, deleting and voting on posts): `alsoStateIn018`.
    ///
    /// 1.0 then lets only accepted followers act in a private community, mods and admins included
    /// (`PendingFollowerView::check_private_community_action`: 404 `not_found`). Following is
    /// checked without that step (`following`), or no one could follow one.
    func checkCommunityAction(
        by personId: Int, in communityId: Int, dialect: LemmyDialect, alsoStateIn018: Bool = false, following: Bool = false
    ) throws {
        guard let community = community(communityId) else { throw APIError.notFound("community") }
        let banned = isBanned(personId, from: communityId)
        if dialect == .v0_18 {
            if banned { throw APIError.code("community_ban") }
            if alsoStateIn018 && (community.deleted || community.removed) { throw APIError.code("deleted") }
            return
        }
        if community.deleted || community.removed { throw APIError.code("deleted") }
        if banned { throw APIError.code(dialect == .v1_0 ? "person_is_banned_from_community" : "banned_from_community") }
        if dialect == .v1_0 && !following && community.visibility == "private" {
            if !isAcceptedFollower(personId, of: communityId) { throw APIError.notFound("community") }
        }
    }

    /// ``checkCommunityAction(by:in:dialect:alsoStateIn018:)`` for an action on `comment`, in its post's community.
    func checkCommunityAction(by personId: Int, on comment: CommentRecord, dialect: LemmyDialect) throws {
        guard let communityId = post(comment.postId)?.communityId else { return }
        try checkCommunityAction(by: personId, in: communityId, dialect: dialect)
    }

    /// Unread counts: replies, mentions, private messages.
    /// 0.18's and 0.19's GetUnreadCount, counted by the lists' rules (`get_unread_replies`,
    /// `get_unread_mentions`, `get_unread_messages`): no deleted or removed comment or message;
    /// on 0.19 nothing from a blocked person (or, for messages, a blocked instance) and no bot's
    /// comment for a viewer who hides bots.
    func unreadCounts(for personId: Int, dialect: LemmyDialect) -> (replies: Int, mentions: Int, messages: Int) {
        var counts = (0, 0, 0)
        let blocks = dialect == .v0_19 ? users[personId] : nil
        let hidesBots = dialect == .v0_19 && hidesBots(personId)
        for id in inboxByRecipient[personId] ?? [] where !inbox[id - 1].read {
            let entry = inbox[id - 1]
            let author: Int
            switch entry.kind {
            case .reply, .mention, .subscribed:
                guard let comment = entry.commentId.flatMap(comment), !comment.deleted, !comment.removed else { continue }
                if hidesBots && (person(comment.creatorId)?.isBot ?? false) { continue }
                author = comment.creatorId
            case .privateMessage:
                guard let message = entry.privateMessageId.flatMap(privateMessage), !message.deleted, !message.removed else { continue }
                if let instance = person(message.creatorId)?.instanceId, blocks?.blockedInstances[instance] != nil { continue }
                author = message.creatorId
            case .modAction:
                // 1.0's alone, which counts notifications elsewhere.
                continue
            }
            if blocks?.blockedPersons[author] != nil { continue }
            switch entry.kind {
            case .reply: counts.0 += 1
            case .mention: counts.1 += 1
            case .privateMessage: counts.2 += 1
            case .subscribed, .modAction: break
            }
        }
        return counts
    }
}
