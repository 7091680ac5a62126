import LemmyAPI

/// Reports about a community, to the instance's admins (Lemmy 1.0): filing one (anyone who may
/// act in the community) and resolving one (admins). They are listed by ListReports (`type_`
/// `communities` or `all`; see ``Database/reports(_:viewer:dialect:now:)``).
extension APIRoutes {
    func addCommunityReportRoutes() {
        add(LemmyV4.CreateCommunityReport.self, auth: true) { db, call in
            let id = try db.reportCommunity(call.form.communityId, reason: call.form.reason, by: try call.requireViewer(), now: call.now)
            return ApiCommunityReportResponse(communityReportView: call.renderer(db).communityReportView(db.reports[id - 1]))
        }
        add(LemmyV4.ResolveCommunityReport.self, auth: true) { db, call in
            let report = try db.resolveCommunityReport(
                call.form.reportId, resolved: call.form.resolved, by: try call.requireViewer(), now: call.now)
            return ApiCommunityReportResponse(communityReportView: call.renderer(db).communityReportView(report))
        }
    }
}
