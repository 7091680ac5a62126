/// Moderator and admin actions beyond removing posts. Each checks the
/// actor's rights the way Lemmy does and writes a modlog entry.
extension Database {
    mutating func lockPost(_ postId: Int, locked: Bool, by personId: Int, now: Double) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        guard isModOrAdmin(personId, of: post.communityId) else { throw APIError.code("not_a_mod_or_admin") }
        posts[postId - 1].locked = locked
        appendModlog(.lockPost, by: personId, target: postId, reason: nil, flag: locked, now: now)
    }

    /// Pins a post in its community (moderators) or on the instance (admins only).
    mutating func featurePost(_ postId: Int, featured: Bool, onInstance: Bool, by personId: Int, now: Double) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        let allowed = onInstance ? (person(personId)?.isAdmin ?? false) : isModOrAdmin(personId, of: post.communityId)
        guard allowed else { throw APIError.code(onInstance ? "not_an_admin" : "not_a_mod_or_admin") }
        if onInstance { posts[postId - 1].featuredLocal = featured } else { posts[postId - 1].featuredCommunity = featured }
        var entry = entry(.featurePost, by: personId, target: postId, reason: nil, flag: featured, now: now)
        entry.onInstance = onInstance
        modlog.append(entry)
    }

    mutating func banFromCommunity(
        _ communityId: Int, personId targetId: Int, ban: Bool, reason: String?,
        by personId: Int, now: Double
    ) throws {
        guard community(communityId) != nil else { throw APIError.notFound("community") }
        guard let target = person(targetId) else { throw APIError.notFound("person") }
        guard isModOrAdmin(personId, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        // Lemmy refuses to let a moderator ban an admin or a fellow moderator's superior; an admin
        // target is the case that matters here.
        if target.isAdmin && ban { throw APIError.code("cant_ban_admin") }
        if ban {
            communities[communityId - 1].bannedPersons.insert(targetId)
        } else {
            communities[communityId - 1].bannedPersons.remove(targetId)
        }
        var entry = entry(.banFromCommunity, by: personId, target: targetId, reason: reason, flag: ban, now: now)
        entry.communityId = communityId
        modlog.append(entry)
    }

    mutating func removeComment(_ commentId: Int, removed: Bool, reason: String?, by personId: Int, now: Double) throws {
        guard let comment = comment(commentId), let post = post(comment.postId) else { throw APIError.notFound("comment") }
        guard isModOrAdmin(personId, of: post.communityId) else { throw APIError.code("not_a_mod_or_admin") }
        comments[commentId - 1].removed = removed
        appendModlog(.removeComment, by: personId, target: commentId, reason: reason, flag: removed, now: now)
    }

    /// Appoints or dismisses a moderator (admins and the community's moderators).
    mutating func setModerator(_ targetId: Int, of communityId: Int, added: Bool, by personId: Int) throws {
        guard community(communityId) != nil else { throw APIError.notFound("community") }
        guard person(targetId) != nil else { throw APIError.notFound("person") }
        guard isModOrAdmin(personId, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        var moderators = communities[communityId - 1].moderators
        if added, !moderators.contains(targetId) { moderators.append(targetId) }
        if !added { moderators.removeAll { $0 == targetId } }
        communities[communityId - 1].moderators = moderators
    }

    /// Whether `personId` may post or comment in `communityId`.
    func isBanned(_ personId: Int, from communityId: Int) -> Bool {
        community(communityId)?.bannedPersons.contains(personId) ?? false
    }

    private func entry(
        _ kind: ModlogRecord.Kind, by personId: Int, target: Int, reason: String?, flag: Bool,
        now: Double
    ) -> ModlogRecord {
        ModlogRecord(id: modlog.count + 1, kind: kind, moderatorId: personId, targetId: target, reason: reason, flag: flag, when: now)
    }

    mutating func appendModlog(_ kind: ModlogRecord.Kind, by personId: Int, target: Int, reason: String?, flag: Bool, now: Double) {
        modlog.append(entry(kind, by: personId, target: target, reason: reason, flag: flag, now: now))
    }
}
