/// Lemmy 1.0's notifications of moderator actions (`notify_mod_action` in
/// `api_utils/src/notify.rs`): each modlog entry that names a target person notifies them, if
/// they have an account here, as a `mod_action` notification carrying the entry and its targets.
/// The actor is not left out: a moderator removing their own post hears of it.
extension Database {
    /// Notifies the targets of the modlog entries from index `start` on, written by one request.
    ///
    /// Lemmy notifies of removals and restorations of posts, comments and communities (the
    /// community's top moderator), locks, bans from a community and from the site, and
    /// appointments of moderators and admins and community transfers. Not of featured posts,
    /// purges or changes of a community's visibility, nor of the removals a ban with its data
    /// writes under its own entry (which this server does not keep either).
    mutating func notifyModActions(since start: Int, now: Double) {
        guard start < modlog.count else { return }
        for entry in modlog[start...] where Self.notifiesTarget(entry.kind) {
            let targets = modlogTargets(of: entry, dialect: .v1_0)
            // `LocalUserView::read_person`: only people with an account here.
            guard let recipient = targets.person, let person = person(recipient), person.instanceId == 1 else { continue }
            let id = inbox.count + 1
            inbox.append(
                InboxRecord(
                    id: id, kind: .modAction, recipientId: recipient, commentId: targets.comment, privateMessageId: nil,
                    postId: targets.post, modlogId: entry.id, read: false, published: now))
            inboxByRecipient[recipient, default: []].append(id)
        }
    }

    /// Whether 1.0's handler of an action of `kind` calls `notify_mod_action`.
    static func notifiesTarget(_ kind: ModlogRecord.Kind) -> Bool {
        switch kind {
        case .removePost, .removeComment, .lockPost, .lockComment, .warnPost, .warnComment, .banFromCommunity, .banFromSite,
            .removeCommunity, .addModerator, .transferCommunity, .addAdmin:
            true
        case .featurePost, .changeCommunityVisibility, .purgePost, .purgeComment, .purgeCommunity, .purgePerson, .blockInstance,
            .allowInstance:
            false
        }
    }
}
