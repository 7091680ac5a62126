import LemmyAPI

/// Which post, comment and community reports a report list shows, and in which order, as each version's
/// report views decide (`db_views/src/{post,comment}_report_view.rs` at 0.18.5 and 0.19.13,
/// `db_views/report_combined/src/impls.rs` on 1.0).
struct ReportListing {
    var kind: ReportRecord.Kind?
    var unresolvedOnly = false
    var communityId: Int?
    /// 0.19: the post's reports (ListPostReports); 1.0: the post's and its comments' reports.
    var postId: Int?
    /// 0.19: the comment's reports (ListCommentReports).
    var commentId: Int?
    /// 1.0 `my_reports_only`: the caller's own reports, and no moderator check first.
    var mineOnly = false
    /// 1.0 `show_community_rule_violations`: an admin also sees the reports their communities'
    /// moderators have not had time for (see ``Database/reports(_:viewer:dialect:now:)``).
    var showCommunityRuleViolations = false
    /// 1.0 `sort`: `new`, `old`, or nil (`default`).
    var sort: ApiReportSortType?

    /// Whether the list runs oldest first: 0.19's and 1.0's unresolved queues do (the oldest
    /// waited longest), everything else newest first; 1.0's `sort` overrides.
    func oldestFirst(_ dialect: LemmyDialect) -> Bool {
        switch sort {
        case .new?: false
        case .old?: true
        default: dialect != .v0_18 && unresolvedOnly
        }
    }
}

extension Database {
    /// The reports `listing` shows `viewer`, in its order.
    ///
    /// Admins see every report, except on 1.0 without `show_community_rule_violations`: then
    /// only those older than three days or in communities they moderate, and every community
    /// report and every report that the instance's rules are broken (`violates_instance_rules`).
    /// Others see the post and comment reports of the communities they moderate, never one of
    /// those two kinds (not even with `my_reports_only`). Someone who
    /// moderates nothing gets an empty list on 0.18 (its views join the moderators) and
    /// `not_a_mod_or_admin` on 0.19 and 1.0 (`check_community_mod_of_any_or_admin_action`), except
    /// with 1.0's `my_reports_only`, which skips that check (and still finds nothing).
    func reports(_ listing: ReportListing, viewer: Int, dialect: LemmyDialect, now: Double) throws -> [ReportRecord] {
        let isAdmin = person(viewer)?.isAdmin ?? false
        let moderated = Set(communities.filter { $0.moderators.contains(viewer) }.map(\.id))
        if !isAdmin && moderated.isEmpty {
            if dialect == .v0_18 || listing.mineOnly { return [] }
            throw APIError.code("not_a_mod_or_admin")
        }
        let staleAfter = now - 3 * 86_400
        let hidesFreshReports = isAdmin && dialect == .v1_0 && !listing.showCommunityRuleViolations
        let oldestFirst = listing.oldestFirst(dialect)
        return reports.filter { report in
            guard listing.kind == nil || report.kind == listing.kind, !listing.unresolvedOnly || !report.resolved, !isPurged(report),
                let community = communityId(of: report)
            else { return false }
            if let id = listing.communityId, community != id { return false }
            if let id = listing.postId {
                switch report.kind {
                case .post: if report.targetId != id { return false }
                case .comment: if dialect != .v1_0 || comment(report.targetId)?.postId != id { return false }
                case .community: return false
                }
            }
            if let id = listing.commentId, report.kind != .comment || report.targetId != id { return false }
            if listing.mineOnly && report.creatorId != viewer { return false }
            // Community reports, and reports that the instance's rules are broken, go to admins
            // alone, fresh or not (`filter_violates_instance_rules`).
            if report.kind == .community || report.violatesInstanceRules { return isAdmin }
            guard isAdmin else { return moderated.contains(community) }
            return !hidesFreshReports || report.published < staleAfter || moderated.contains(community)
        }.sorted { oldestFirst ? ($0.published, $0.id) < ($1.published, $1.id) : ($0.published, $0.id) > ($1.published, $1.id) }
    }
}
