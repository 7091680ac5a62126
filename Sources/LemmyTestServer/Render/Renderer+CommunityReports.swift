import LemmyAPI

extension Renderer {
    /// A report about a community (1.0; one of ``Database/reports`` of kind `community`).
    ///
    /// Lemmy computes the view's `creator_*` flags from the reported item's creator, which a
    /// community report has none of (`report_combined_sql`): they are false whoever reported, and
    /// the ban expiries absent.
    func communityReportView(_ report: ReportRecord) -> ApiCommunityReportView {
        let original = report.originalCommunity
        var row = ApiCommunityReport(
            id: report.id, creatorId: report.creatorId, communityId: report.targetId, originalCommunityName: report.originalText,
            reason: report.reason, resolved: report.resolved, publishedAt: date(report.published))
        row.originalCommunityTitle = original?.title
        row.originalCommunitySidebar = original?.sidebar
        row.originalCommunityIcon = original?.icon
        row.originalCommunityBanner = original?.banner
        row.resolverId = report.resolverId
        row.updatedAt = date(report.updated)
        return ApiCommunityReportView(
            communityReport: row, community: community(report.targetId), creator: person(report.creatorId),
            resolver: report.resolverId.map { person($0) }, creatorIsAdmin: false, creatorIsModerator: false, creatorBanned: false,
            creatorBannedFromCommunity: false)
    }
}
