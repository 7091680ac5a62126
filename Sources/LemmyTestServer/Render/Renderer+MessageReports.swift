import LemmyAPI

extension Renderer {
    /// A report of a private message (one of ``Database/privateMessageReports``).
    func privateMessageReportView(_ report: ReportRecord) -> ApiPrivateMessageReportView {
        var row = ApiPrivateMessageReport(
            id: report.id, creatorId: report.creatorId, privateMessageId: report.targetId,
            originalPmText: report.originalText, reason: report.reason, resolved: report.resolved,
            resolverId: report.resolverId, publishedAt: date(report.published))
        row.updatedAt = date(report.updated)
        let message = privateMessageView(report.targetId)
        var view = ApiPrivateMessageReportView(
            privateMessageReport: row, privateMessage: message.privateMessage, creator: person(report.creatorId),
            privateMessageCreator: message.creator, resolver: report.resolverId.map { person($0) })
        if v10 {
            view.creatorIsAdmin = isAdmin(report.creatorId)
            view.creatorBanned = false
        }
        return view
    }
}
