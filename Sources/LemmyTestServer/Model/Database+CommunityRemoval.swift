/// Deleting a community (its top moderator) and removing one (admins), as Lemmy does: facts from
/// `api_crud/src/community/{delete,remove}.rs` (0.18.5, 0.19.13; 1.0 under `api/api_crud`).
///
/// 0.19 and 1.0 first take `check_community_mod_action` with a deleted community allowed (so it
/// can be restored): `not_a_mod_or_admin`, a ban from the community. A community that does not
/// exist is 1.0's `not_found` (it reads the community first); 0.18 and 0.19 find no moderator
/// (`not_top_mod`), or, removing as an admin, fail the update (`couldnt_update_community`).
extension Database {
    /// Deletes or restores `communityId`: only its top moderator, its first (`not_top_mod`).
    mutating func deleteCommunity(_ communityId: Int, deleted: Bool, by personId: Int, dialect: LemmyDialect) throws {
        try checkCommunityRemovalActor(personId, of: communityId, dialect: dialect)
        guard community(communityId)?.moderators.first == personId else { throw APIError.code("not_top_mod") }
        communities[communityId - 1].deleted = deleted
    }

    /// Removes or restores `communityId`: admins only (`not_an_admin`), with a modlog entry; 1.0
    /// resolves the reports about the community either way.
    mutating func removeCommunity(
        _ communityId: Int, removed: Bool, reason: String?, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        try checkCommunityRemovalActor(personId, of: communityId, dialect: dialect)
        guard person(personId)?.isAdmin == true else { throw APIError.code("not_an_admin") }
        guard community(communityId) != nil else { throw APIError.code("couldnt_update_community") }
        communities[communityId - 1].removed = removed
        // 1.0 resolves the reports about the community, removing or restoring it
        // (`CommunityReport::resolve_all_for_object`).
        if dialect == .v1_0 { resolveReports(.community, of: communityId, by: personId, now: now) }
        var record = entry(.removeCommunity, by: personId, target: communityId, reason: dialect.stored(reason), flag: removed, now: now)
        record.communityId = communityId
        record.ownerId = community(communityId)?.moderators.first
        modlog.append(record)
    }

    /// The steps before the top-moderator or admin check (see the type's note).
    private func checkCommunityRemovalActor(_ personId: Int, of communityId: Int, dialect: LemmyDialect) throws {
        switch dialect {
        case .v0_18: return
        case .v1_0: guard community(communityId) != nil else { throw APIError.notFound("community") }
        case .v0_19: break
        }
        try checkCommunityModAction(personId, in: communityId, dialect: dialect, allowDeleted: true)
    }
}
