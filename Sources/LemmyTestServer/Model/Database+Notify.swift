import LemmyAPI

/// Who hears of a new or edited post or comment: the mentions every version scrapes, and 1.0's
/// `NotifyData::send` (`api_utils/src/notify.rs` on Lemmy main).
extension Database {
    /// The local people `text` mentions, as Lemmy scrapes mentions (`utils/mention.rs`, the same
    /// in 0.18, 0.19 and 1.0): `@name@domain` with this instance's domain, each once, in order.
    /// A bare `@name` mentions no one. Names compare without case; the writer's own name is
    /// skipped as Lemmy skips it, by its exact spelling. 1.0 mentions no deleted person
    /// (`Person::read_from_name`); 0.18's and 0.19's `LocalUserView::read_from_name` does.
    func mentionedPeople(in text: String, by writer: PersonRecord, dialect: LemmyDialect) -> [Int] {
        var seen: Set<Int> = []
        return Self.scrapedMentions(text).compactMap { mention in
            guard mention.domain == host, mention.name != writer.name else { return nil }
            let lower = mention.name.lowercased()
            guard
                let person = persons.first(where: {
                    $0.instanceId == 1 && $0.name.lowercased() == lower && (dialect != .v1_0 || !$0.deleted)
                }), seen.insert(person.id).inserted
            else { return nil }
            return person.id
        }
    }

    /// 0.18's and 0.19's `send_local_notifs` for a new or edited comment: first a mention for each
    /// person mentioned (blocks do not stop them), then a reply for the parent's author, or the
    /// post's for a top-level comment: not the writer, only a local person, and not one who blocks
    /// the writer (0.19 also: the community or its instance). 0.19 sends no reply to someone it
    /// just mentioned; 0.18 sends both. Each person has at most one reply and one mention of a
    /// comment (the tables' unique keys), so an edit adds only what is new.
    mutating func notifyOfComment(_ commentId: Int, by writerId: Int, now: Double, dialect: LemmyDialect) {
        guard let comment = comment(commentId), let post = post(comment.postId), let community = community(post.communityId),
            let writer = person(writerId)
        else { return }
        let mentioned = mentionedPeople(in: comment.content ?? "", by: writer, dialect: dialect)
        for person in mentioned { addInboxOnce(.mention, recipient: person, commentId: commentId, published: now) }
        let recipient = answeredAuthor(of: comment, on: post)
        guard recipient != writerId, person(recipient)?.instanceId == 1 else { return }
        let state = users[recipient]
        var blocked = state?.blockedPersons[writerId] != nil
        if dialect == .v0_19 {
            blocked =
                blocked || state?.blockedCommunities[community.id] != nil || state?.blockedInstances[community.instanceId] != nil
                || mentioned.contains(recipient)
        }
        if !blocked { addInboxOnce(.reply, recipient: recipient, commentId: commentId, published: now) }
    }

    /// Whom `comment` answers: its parent's author, or the post's for a top-level comment.
    private func answeredAuthor(of comment: CommentRecord, on post: PostRecord) -> Int {
        comment.parentId.flatMap { self.comment($0)?.creatorId } ?? post.creatorId
    }

    /// An inbox entry of `kind` about `commentId` for `recipient`, unless one exists.
    private mutating func addInboxOnce(_ kind: InboxRecord.Kind, recipient: Int, commentId: Int, published: Double) {
        let exists = (inboxByRecipient[recipient] ?? []).contains { inbox[$0 - 1].kind == kind && inbox[$0 - 1].commentId == commentId }
        if !exists { addInbox(kind: kind, recipient: recipient, commentId: commentId, published: published) }
    }

    /// The `@name@domain` mentions of `text` as Lemmy's `@(?P<name>[\w.]+)@(?P<domain>[a-zA-Z0-9._:-]+)`
    /// finds them: leftmost first, not overlapping, each part as long as it runs.
    static func scrapedMentions(_ text: String) -> [(name: String, domain: String)] {
        let scalars = Array(text.unicodeScalars)
        var found: [(name: String, domain: String)] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "@" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
            let name = index + 1..<end
            guard !name.isEmpty, end < scalars.count, scalars[end] == "@" else {
                index += 1
                continue
            }
            var domainEnd = end + 1
            while domainEnd < scalars.count, isDomainScalar(scalars[domainEnd]) { domainEnd += 1 }
            guard domainEnd > end + 1 else {
                index += 1
                continue
            }
            found.append(
                (
                    String(String.UnicodeScalarView(scalars[name])), String(String.UnicodeScalarView(scalars[end + 1..<domainEnd]))
                ))
            index = domainEnd
        }
        return found
    }

    /// `[\w.]` of Rust's regex crate, whose `\w` is Unicode's word characters.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "." || scalar == "_" { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.isJoinControl
        }
    }

    /// `[a-zA-Z0-9._:-]`.
    private static func isDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_:".unicodeScalars.contains(scalar))
    }

    /// 1.0's notifications of post `postId`, or of its comment `commentId`, written or edited by
    /// `writerId` (Lemmy notifies on edits too, and its notification table has no unique key, so
    /// an edit notifies again).
    ///
    /// Lemmy collects, in this order, the parent's author (`reply`, comments only), the people
    /// mentioned (`mention`), then the post's subscribers (`all_comments`) and the community's
    /// (`all_posts_and_comments`, and for a post `all_posts` too): `subscribed`. Each person
    /// hears once, by the first of these that names them. No one hears of their own writing, nor
    /// anyone who blocks the post's author (the post's, even for a comment), the community, the
    /// community's instance or the writer's instance, nor anyone who muted the post or the
    /// community.
    mutating func notify(post postId: Int, comment commentId: Int?, by writerId: Int, now: Double) {
        guard let post = post(postId), let community = community(post.communityId), let writer = person(writerId) else { return }
        var recipients: [(person: Int, kind: InboxRecord.Kind)] = []
        let text: String
        if let commentId, let comment = comment(commentId) {
            text = comment.content ?? ""
            recipients.append((answeredAuthor(of: comment, on: post), .reply))
        } else {
            text = post.body ?? ""
        }
        recipients += mentionedPeople(in: text, by: writer, dialect: .v1_0).map { ($0, .mention) }
        let communityModes: Set<ApiCommunityNotificationsMode> =
            commentId == nil ? [.allPosts, .allPostsAndComments] : [.allPostsAndComments]
        // In id order, so that notification ids do not follow the dictionary's per-process order.
        let subscribers = users.compactMap { personId, state -> Int? in
            let hearsPost = state.postNotifications[postId] == .allComments
            let hearsCommunity = state.communityNotifications[community.id].map(communityModes.contains) ?? false
            return hearsPost || hearsCommunity ? personId : nil
        }
        for personId in subscribers.sorted() where person(personId)?.instanceId == 1 { recipients.append((personId, .subscribed)) }
        var notified: Set<Int> = []
        for (recipient, kind) in recipients where recipient != writerId && notified.insert(recipient).inserted {
            guard allowsNotification(to: recipient, post: post, community: community, writer: writer) else { continue }
            addInbox(kind: kind, recipient: recipient, commentId: commentId, postId: commentId == nil ? postId : nil, published: now)
        }
    }

    /// Lemmy's `check_notifications_allowed`: no block of the post's author, the community, its
    /// instance's communities or the writer's instance's people, and neither the post nor the
    /// community muted.
    private func allowsNotification(to recipient: Int, post: PostRecord, community: CommunityRecord, writer: PersonRecord) -> Bool {
        guard let state = users[recipient] else { return true }
        return state.blockedPersons[post.creatorId] == nil && state.blockedInstances[community.instanceId] == nil
            && state.blockedInstancePersons[writer.instanceId] == nil && state.blockedCommunities[community.id] == nil
            && state.postNotifications[post.id] != .mute && state.communityNotifications[community.id] != .mute
    }
}
