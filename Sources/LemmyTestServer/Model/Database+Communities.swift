import Foundation

/// Creating, editing and hiding communities, as each version's Lemmy validates them
/// (`crates/api_crud/src/community`, `crates/api/src/community/hide.rs`).
extension Database {
    /// What CreateCommunity and EditCommunity set; nil leaves a field as it is.
    struct CommunityChange {
        var title: String?
        var description: String?
        var icon: String?
        var banner: String?
        var nsfw: Bool?
        var postingRestrictedToMods: Bool?
        /// As 1.0 spells it (`public`, `local_only`...).
        var visibility: String?
    }

    /// Creates a local community; its creator moderates and follows it.
    mutating func createCommunity(
        name: String, _ change: CommunityChange, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws -> Int {
        // First, as Lemmy checks it right after reading the site (`create.rs`, every version).
        if site.communityCreationAdminOnly, person(personId)?.isAdmin != true {
            throw APIError.code("only_admins_can_create_communities")
        }
        guard NameRules.isValidActorName(name, dialect: dialect) else { throw APIError.code("invalid_name") }
        guard community(named: name) == nil else { throw APIError.code("community_already_exists") }
        try validate(change)
        let id = communities.count + 1
        var record = CommunityRecord(
            id: id, name: name, title: change.title ?? name, description: nil, nsfw: false,
            published: now, moderators: [personId], baseSubscribers: 0)
        apply(change, to: &record)
        record.subscribers.insert(personId)
        communities.append(record)
        users[personId, default: UserState()].follows[id] = now
        return id
    }

    /// Edits a community; 0.19 deletes a replaced icon or banner the editor uploaded
    /// (``deleteReplacedImage019(old:new:by:)``). 0.18 lets only its moderators; 0.19 and 1.0 also admins
    /// (`check_community_mod_action`: `not_a_mod_or_admin`). 1.0 writes a modlog entry when the
    /// visibility changes (`mod_change_community_visibility`, `api_crud/src/community/update.rs`).
    mutating func editCommunity(
        _ communityId: Int, _ change: CommunityChange, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        guard var record = community(communityId) else { throw APIError.notFound("community") }
        if dialect == .v0_18 {
            guard isModerator(personId, of: communityId) else { throw APIError.code("not_a_moderator") }
        } else {
            try checkCommunityModAction(personId, in: communityId, dialect: dialect)
        }
        if dialect == .v0_19 {
            // 0.19 reads the icon, then the banner, deleting each replaced upload at once, before
            // its later checks (`api_crud/src/community/update.rs`).
            try validateText(change)
            try replacePictures019([(change.icon, record.icon), (change.banner, record.banner)], by: personId)
        } else {
            try validate(change)
        }
        let visibility = record.visibility
        apply(change, to: &record)
        communities[communityId - 1] = record
        if dialect == .v1_0 && record.visibility != visibility {
            var entry = entry(.changeCommunityVisibility, by: personId, target: communityId, reason: nil, flag: true, now: now)
            entry.communityId = communityId
            modlog.append(entry)
        }
    }

    /// 1.0's GetRandomCommunity (`api/api/src/community/random.rs`, `Community::get_random`): any
    /// community that is not deleted, removed or private, only local ones for the `local`
    /// listing (every other listing means all), NSFW ones only when asked. Blocks do not count.
    /// No candidate is `not_found`, and so is a local-only-private pick for a guest, who then
    /// cannot read it (Lemmy does not pick again).
    func randomCommunity(localOnly: Bool, showNSFW: Bool, viewer: Int?) throws -> Int {
        let candidates = communities.filter { c in
            !c.deleted && !c.removed && c.visibility != "private" && !purged.communities.contains(c.id)
                && (!localOnly || c.instanceId == 1) && (showNSFW || !c.nsfw)
        }
        guard let pick = candidates.randomElement() else { throw APIError.notFound("community") }
        if viewer == nil && pick.visibility == "local_only_private" { throw APIError.notFound("community") }
        return pick.id
    }

    /// Hides or shows a community in listings (0.19 and later, admins only).
    mutating func hideCommunity(_ communityId: Int, hidden: Bool, by personId: Int) throws {
        guard person(personId)?.isAdmin == true else { throw APIError.code("not_an_admin") }
        guard community(communityId) != nil else { throw APIError.notFound("community") }
        communities[communityId - 1].hidden = hidden
    }

    /// Follows or unfollows. Following a remote community stays pending: the remote instance has
    /// to accept it, and the test server does not federate. Following a private community (1.0)
    /// needs a moderator's approval unless the follower moderates it or is a local admin.
    /// Following a local community is checked as Lemmy checks a person's action there (a deleted
    /// community, a ban) when `dialect` is given, that is, when a person asked.
    mutating func follow(_ communityId: Int, by personId: Int, follow: Bool, now: Double, checkedAs dialect: LemmyDialect? = nil) throws {
        guard let record = community(communityId) else { throw APIError.notFound("community") }
        if follow, record.instanceId == 1, let dialect {
            try checkCommunityAction(by: personId, in: communityId, dialect: dialect, alsoStateIn018: true, following: true)
        }
        var state = users[personId, default: UserState()]
        if follow {
            communities[communityId - 1].subscribers.insert(personId)
            state.follows[communityId] = now
            // Lemmy writes the follow's row anew (an upsert): a denied request can be made again.
            state.deniedFollows.remove(communityId)
            let privileged = isModerator(personId, of: communityId) || (person(personId)?.isAdmin == true && record.instanceId == 1)
            if record.visibility == "private" && !privileged {
                state.approvalRequiredFollows.insert(communityId)
                state.pendingFollows.insert(communityId)
            } else if record.instanceId != 1 {
                state.pendingFollows.insert(communityId)
            }
        } else {
            communities[communityId - 1].subscribers.remove(personId)
            state.follows[communityId] = nil
            state.pendingFollows.remove(communityId)
            state.approvalRequiredFollows.remove(communityId)
            state.deniedFollows.remove(communityId)
        }
        users[personId] = state
    }

    private func validate(_ change: CommunityChange) throws {
        try validateText(change)
        // Every version answers `invalid_url` here (0.18's `invalid_url_scheme` is its settings').
        for url in [change.icon, change.banner].compactMap({ $0 }) where !url.isEmpty { try Self.checkPictureURL(url, dialect: .v1_0) }
    }

    /// The title's and the description's checks.
    private func validateText(_ change: CommunityChange) throws {
        if let title = change.title {
            let visible = title.filter { !$0.isWhitespace }
            guard visible.count >= 3, title.count <= 100, !title.contains(where: \.isNewline) else {
                throw APIError.code("invalid_display_name")
            }
        }
        if let description = change.description, description.count > 10_000 { throw APIError.code("invalid_body_field") }
    }

    private func apply(_ change: CommunityChange, to record: inout CommunityRecord) {
        if let title = change.title { record.title = title }
        if let description = change.description { record.description = description.isEmpty ? nil : description }
        if let icon = change.icon { record.icon = icon.isEmpty ? nil : icon }
        if let banner = change.banner { record.banner = banner.isEmpty ? nil : banner }
        if let nsfw = change.nsfw { record.nsfw = nsfw }
        if let restricted = change.postingRestrictedToMods { record.postingRestrictedToMods = restricted }
        if let visibility = change.visibility { record.visibility = visibility }
    }
}
