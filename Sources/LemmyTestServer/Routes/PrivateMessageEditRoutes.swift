import Foundation
import LemmyAPI

/// Editing, deleting and reporting private messages, with each version's permission checks.
extension APIRoutes {
    func addPrivateMessageEditRoutes() {
        add(LemmyV3.EditPrivateMessage.self, auth: true) { db, call in try editMessage(&db, call) }
        add(LemmyV4.EditPrivateMessage.self, auth: true) { db, call in try editMessage(&db, call) }
        add(LemmyV3.DeletePrivateMessage.self, auth: true) { db, call in try deleteMessage(&db, call) }
        add(LemmyV4.DeletePrivateMessage.self, auth: true) { db, call in try deleteMessage(&db, call) }
        add(LemmyV3.CreatePrivateMessageReport.self, auth: true) { db, call in try reportMessage(&db, call) }
        add(LemmyV4.CreatePrivateMessageReport.self, auth: true) { db, call in try reportMessage(&db, call) }
        addMessageReportRoutes()
    }
}

/// Only the sender may edit (`edit_private_message_not_allowed`); the content is checked for length only.
private func editMessage(_ db: inout Database, _ call: Call<ApiEditPrivateMessage>) throws -> ApiPrivateMessageResponse {
    let viewer = try call.requireViewer()
    let id = call.form.privateMessageId
    guard let message = db.privateMessage(id) else { throw APIError.notFound("private_message", in: call.dialect) }
    guard message.creatorId == viewer else { throw APIError.code("edit_private_message_not_allowed") }
    // 0.18.5 escapes the text before it checks the length (AmmoniaText).
    let content = call.dialect.stored(call.form.content)
    try ContentRules.checkBody(content, post: false, dialect: call.dialect)
    db.privateMessages[id - 1].content = content
    db.privateMessages[id - 1].updated = call.now
    return ApiPrivateMessageResponse(privateMessageView: call.renderer(db).privateMessageView(id))
}

/// The sender deletes for everyone; on 1.0 the recipient may delete it for themselves
/// (`deleted_by_recipient`); anyone else gets `edit_private_message_not_allowed`.
private func deleteMessage(_ db: inout Database, _ call: Call<ApiDeletePrivateMessage>) throws -> ApiPrivateMessageResponse {
    let viewer = try call.requireViewer()
    let id = call.form.privateMessageId
    guard let message = db.privateMessage(id) else { throw APIError.notFound("private_message", in: call.dialect) }
    if call.dialect == .v1_0 && message.recipientId == viewer {
        db.privateMessages[id - 1].deletedByRecipient = call.form.deleted
    } else if message.creatorId == viewer {
        db.privateMessages[id - 1].deleted = call.form.deleted
    } else {
        throw APIError.code("edit_private_message_not_allowed")
    }
    return ApiPrivateMessageResponse(privateMessageView: call.renderer(db).privateMessageView(id))
}

/// A report needs a reason; 0.19 and 1.0 let only the recipient report (0.18 anyone).
private func reportMessage(_ db: inout Database, _ call: Call<ApiCreatePrivateMessageReport>) throws -> ApiPrivateMessageReportResponse {
    let viewer = try call.requireViewer()
    let reason = call.form.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty else { throw APIError.code("report_reason_required") }
    guard let message = db.privateMessage(call.form.privateMessageId) else { throw APIError.notFound("private_message", in: call.dialect) }
    switch call.dialect {
    case .v0_18: break
    case .v0_19: if message.recipientId != viewer { throw APIError.code("couldnt_create_report") }
    case .v1_0: if message.recipientId != viewer { throw APIError.code("couldnt_create") }
    }
    let id = db.privateMessageReports.count + 1
    db.privateMessageReports.append(
        ReportRecord(
            id: id, kind: .comment, creatorId: viewer, targetId: message.id,
            originalText: message.content, reason: reason, published: call.now))
    return ApiPrivateMessageReportResponse(
        privateMessageReportView: call.renderer(db).privateMessageReportView(db.privateMessageReports[id - 1]))
}
