import LemmyAPI

/// Who runs a community and the instance: TransferCommunity, AddAdmin and LeaveAdmin, as each
/// version's `community/transfer.rs`, `local_user/add_admin.rs` and `site/leave_admin.rs` do
/// them. (AddModToCommunity is ``setModerator(_:of:added:by:now:dialect:)``.)
extension Database {
    /// TransferCommunity: moves `targetId`, who must already moderate the community, to the top
    /// of its moderators; the others keep their order. Checks, in each version's order:
    ///
    /// - 0.18: none of the community (a missing one has no moderators); the caller must be the
    ///   top moderator or an admin (`not_an_admin`); then the target must be a moderator.
    /// - 0.19: `check_community_user_action` (missing, deleted or removed community, the caller
    ///   banned from it, admins too), then the top moderator or an admin.
    /// - 1.0: the community (`not_found`), `check_community_mod_action`, then the top moderator
    ///   or an admin.
    ///
    /// A target who does not moderate the community fails Lemmy's `Option` unwrap: an error
    /// without a code, whose text names the line of the handler. 0.18 then answers for a deleted
    /// or removed community with 404 `couldnt_find_community`, after the writes (its response
    /// reads the community as hidden): see ``transferredCommunityIsHidden(_:dialect:)``.
    mutating func transferCommunity(_ communityId: Int, to targetId: Int, by personId: Int, now: Double, dialect: LemmyDialect) throws {
        // A purged community's row is gone, with its moderators.
        let isGone = community(communityId) == nil || purged.communities.contains(communityId)
        switch dialect {
        case .v0_18:
            break
        case .v0_19:
            if isGone { throw APIError.notFound("community") }
            try checkCommunityAction(by: personId, in: communityId, dialect: dialect)
        case .v1_0:
            if isGone { throw APIError.recordNotFound }
            try checkCommunityModAction(personId, in: communityId, dialect: dialect)
        }
        let moderators = isGone ? [] : community(communityId)?.moderators ?? []
        guard moderators.first == personId || isAdmin(personId) else { throw APIError.code("not_an_admin") }
        guard let index = moderators.firstIndex(of: targetId) else { throw APIError.foreign(Self.transferUnwrapText(dialect)) }
        var reordered = moderators
        reordered.remove(at: index)
        reordered.insert(targetId, at: 0)
        communities[communityId - 1].moderators = reordered
        var record = entry(.transferCommunity, by: personId, target: targetId, reason: nil, flag: true, now: now)
        record.communityId = communityId
        modlog.append(record)
    }

    /// Whether 0.18's TransferCommunity answer fails to read the community it just changed:
    /// `CommunityView::read` without a moderator's view leaves deleted and removed ones out.
    func transferredCommunityIsHidden(_ communityId: Int, dialect: LemmyDialect) -> Bool {
        guard dialect == .v0_18, let community = community(communityId) else { return false }
        return community.deleted || community.removed
    }

    /// The text of the error TransferCommunity answers for a target who is no moderator: Rust's
    /// `location_info!()` of the unwrap, as each version's file has it.
    static func transferUnwrapText(_ dialect: LemmyDialect) -> String {
        switch dialect {
        case .v0_18: "None value at crates/api/src/community/transfer.rs:50, column 16"
        case .v0_19: "None value at crates/api/src/community/transfer.rs:47, column 14"
        case .v1_0: "None value at crates/api/api/src/community/transfer.rs:50, column 14"
        }
    }

    /// AddAdmin: makes `targetId` an admin or no longer one. Checks, in each version's order:
    ///
    /// - 0.18: an admin (`not_an_admin`); any person, remote ones too (`person.admin`); a
    ///   missing one is 404 `couldnt_update_user`. An admin may remove the last admin, themself.
    /// - 0.19: an admin; a removal needs the higher admin (`not_higher_admin`); a target without
    ///   a local user (remote or missing) is `object_not_local`.
    /// - 1.0: an admin; a removal needs the higher admin, then more than one admin
    ///   (`cannot_leave_admin`, whoever the target is); a target without a local user is
    ///   `not_found`.
    ///
    /// Each writes a modlog entry (0.18/0.19 `mod_add`, 1.0 `admin_add`).
    mutating func setAdmin(_ targetId: Int, added: Bool, by personId: Int, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
        if !added && dialect != .v0_18 {
            try requireHigherAdmin(personId, than: targetId, dialect: dialect)
            if dialect == .v1_0 && listedAdminIds(dialect: dialect).count == 1 { throw APIError.code("cannot_leave_admin") }
        }
        guard let target = person(targetId), !purged.persons.contains(targetId) else {
            switch dialect {
            case .v0_18: throw APIError.missingRow("couldnt_update_user")
            case .v0_19: throw APIError.code("object_not_local")
            case .v1_0: throw APIError.recordNotFound
            }
        }
        if target.instanceId != 1 && dialect != .v0_18 {
            throw dialect == .v1_0 ? APIError.recordNotFound : APIError.code("object_not_local")
        }
        persons[targetId - 1].isAdmin = added
        appendModlog(.addAdmin, by: personId, target: targetId, reason: nil, flag: added, now: now)
    }

    /// LeaveAdmin (0.18 and 0.19; 1.0 has no such route, an admin removes themself with
    /// AddAdmin): an admin (`not_an_admin`) who is not the only one (`cannot_leave_admin`) stops
    /// being one, with a `mod_add` entry naming themself. 0.19 also marks the account's
    /// application accepted.
    mutating func leaveAdmin(_ personId: Int, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
        if listedAdminIds(dialect: dialect).count == 1 { throw APIError.code("cannot_leave_admin") }
        persons[personId - 1].isAdmin = false
        if dialect == .v0_19 { persons[personId - 1].applicationPending = false }
        appendModlog(.addAdmin, by: personId, target: personId, reason: nil, flag: false, now: now)
    }

    /// The admins GetSite and AddAdmin list (`PersonView::admins`, 1.0 `list_admins`): not
    /// deleted, oldest account first; 1.0 only the instance's own.
    func listedAdminIds(dialect: LemmyDialect) -> [Int] {
        persons.filter { $0.isAdmin && !$0.deleted && !purged.persons.contains($0.id) && (dialect != .v1_0 || $0.instanceId == 1) }
            .sorted { ($0.published, $0.id) < ($1.published, $1.id) }
            .map(\.id)
    }
}
