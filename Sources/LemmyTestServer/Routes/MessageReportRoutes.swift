import LemmyAPI

/// The admins' queue of private-message reports: 0.18 and 0.19 list them apart (1.0 folds them
/// into ListReports); only admins may list or resolve them (`not_an_admin`).
extension APIRoutes {
    func addMessageReportRoutes() {
        add(LemmyV3.ListPrivateMessageReports.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            let limit = try call.limit(call.form.limit, page: call.form.page)
            let unresolvedOnly = call.form.unresolvedOnly ?? false
            // 0.18 orders by the message's date, newest first; 0.19 by the report's, oldest first
            // in the unresolved queue (`private_message_report_view.rs`).
            let messages = db.privateMessages
            let date = { (report: ReportRecord) -> Double in
                guard call.dialect == .v0_18, messages.indices.contains(report.targetId - 1) else { return report.published }
                return messages[report.targetId - 1].published
            }
            let oldestFirst = call.dialect != .v0_18 && unresolvedOnly
            let listed = db.privateMessageReports.filter { (!unresolvedOnly || !$0.resolved) && !db.isPurged(messageReport: $0) }
                .sorted { oldestFirst ? (date($0), $0.id) < (date($1), $1.id) : (date($0), $0.id) > (date($1), $1.id) }
            let renderer = call.renderer(db)
            return ApiListPrivateMessageReportsResponse(
                privateMessageReports: Paging.numbered(listed, page: call.form.page, limit: limit).map(renderer.privateMessageReportView))
        }
        add(LemmyV3.ResolvePrivateMessageReport.self, auth: true) { db, call in try resolveMessageReport(&db, call) }
        add(LemmyV4.ResolvePrivateMessageReport.self, auth: true) { db, call in try resolveMessageReport(&db, call) }
    }
}

private func resolveMessageReport(_ db: inout Database, _ call: Call<ApiResolvePrivateMessageReport>) throws
    -> ApiPrivateMessageReportResponse
{
    let viewer = try call.requireViewer()
    try db.requireAdmin(viewer)
    let id = call.form.reportId
    // A report that went with its message, creator or resolver (0.18's purge) is gone.
    guard id >= 1, id <= db.privateMessageReports.count, !db.isPurged(messageReport: db.privateMessageReports[id - 1]) else {
        throw APIError.notFound("private_message_report", in: call.dialect)
    }
    db.privateMessageReports[id - 1].resolved = call.form.resolved
    db.privateMessageReports[id - 1].resolverId = call.form.resolved ? viewer : nil
    db.privateMessageReports[id - 1].updated = call.now
    return ApiPrivateMessageReportResponse(
        privateMessageReportView: call.renderer(db).privateMessageReportView(db.privateMessageReports[id - 1]))
}
