/// Reports about a community (Lemmy 1.0 alone), to the instance's admins: facts from
/// `crates/api/api/src/reports/community_report/{create,resolve}.rs`, the `community_report`
/// migration (`2025-08-01-000032_community_report`) and `db_views/report_combined/src/impls.rs`
/// at Lemmy main 439734dd.
///
/// Moderators never see them, not even those of the reported community; admins always do (the
/// three-day rule that leaves fresh post and comment reports to moderators passes them, see
/// ``reports(_:viewer:dialect:now:)``). Only admins resolve them.
extension Database {
    /// Files `personId`'s report about `communityId`; returns its id.
    ///
    /// In Lemmy's order: the reason (trimmed; `report_reason_required`, `report_too_long`), the
    /// community (`not_found`), `check_community_user_action` (`deleted` for a deleted or removed
    /// community, then the community ban, then a private community the reporter does not follow),
    /// then the row, whose unique key on (community, reporter) refuses a second report even after
    /// the first was resolved (`couldnt_create`). A site ban never gets this far: 1.0 refuses a
    /// banned account's writes (``viewer(token:required:method:path:now:dialect:)``). Not
    /// modelled: a ban from the community's instance (`InstanceActions::check_ban`, `site_ban`),
    /// and the instance's site row (`not_found` without one), which every instance here has.
    ///
    /// Report ids here are counted with the post and comment reports' (Lemmy counts each table
    /// apart); clients must not read anything into them.
    mutating func reportCommunity(_ communityId: Int, reason: String, by personId: Int, now: Double) throws -> Int {
        let reason = try ContentRules.checkReportReason(reason)
        guard let community = community(communityId), !purged.communities.contains(communityId) else {
            throw APIError.notFound("community")
        }
        try checkCommunityAction(by: personId, in: communityId, dialect: .v1_0)
        if reports.contains(where: { $0.kind == .community && $0.targetId == communityId && $0.creatorId == personId }) {
            throw APIError.code("couldnt_create")
        }
        let id = reports.count + 1
        reports.append(
            ReportRecord(
                id: id, kind: .community, creatorId: personId, targetId: communityId, originalText: community.name,
                originalCommunity: OriginalCommunity(
                    title: community.title, sidebar: community.description, icon: community.icon, banner: community.banner),
                reason: reason, published: now))
        return id
    }

    /// Resolves (or opens again) community report `id` as admin `personId`. Lemmy records the
    /// caller as the resolver either way, and answers a missing report with `not_found` only
    /// after its update matched no row.
    mutating func resolveCommunityReport(_ id: Int, resolved: Bool, by personId: Int, now: Double) throws -> ReportRecord {
        try requireAdmin(personId)
        guard id >= 1, id <= reports.count, reports[id - 1].kind == .community, !isPurged(reports[id - 1]) else {
            throw APIError.notFound("community_report")
        }
        reports[id - 1].resolved = resolved
        reports[id - 1].resolverId = personId
        reports[id - 1].updated = now
        return reports[id - 1]
    }
}
