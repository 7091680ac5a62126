import Foundation
import LemmyAPI

/// Custom emojis: admins create, edit and delete them (every dialect), 1.0 lists them at
/// `GET /custom_emoji/list` (0.18 and 0.19 list them in GetSite). 1.0 deletes with
/// `DELETE /custom_emoji` (Lemmy #6131); lemmy-js-client still sends `POST /custom_emoji/delete`.
extension APIRoutes {
    func addCustomEmojiRoutes() {
        add(LemmyV3.CreateCustomEmoji.self, auth: true, deserialize: { try Database.customEmojiImageCheck($0.imageUrl, body: $1) }) {
            db, call in
            let id = try db.createCustomEmoji(call.form, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiCustomEmojiResponse(customEmoji: try call.renderer(db).customEmojiView(id))
        }
        add(LemmyV4.CreateCustomEmoji.self, auth: true, deserialize: { try Database.customEmojiImageCheck($0.imageUrl, body: $1) }) {
            db, call in
            let id = try db.createCustomEmoji(call.form, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiCustomEmojiResponse(customEmoji: try call.renderer(db).customEmojiView(id))
        }
        add(LemmyV3.EditCustomEmoji.self, auth: true, deserialize: { try Database.customEmojiImageCheck($0.imageUrl, body: $1) }) {
            db, call in
            try db.editCustomEmoji(call.form, by: try call.requireViewer(), dialect: call.dialect)
            return ApiCustomEmojiResponse(customEmoji: try call.renderer(db).customEmojiView(call.form.id))
        }
        add(LemmyV4.EditCustomEmoji.self, auth: true, deserialize: { try Database.customEmojiImageCheck($0.imageUrl, body: $1) }) {
            db, call in
            try db.editCustomEmoji(call.form, by: try call.requireViewer(), dialect: call.dialect)
            return ApiCustomEmojiResponse(customEmoji: try call.renderer(db).customEmojiView(call.form.id))
        }
        // 0.18 answers the id with the success; 0.19 only the success.
        add(LemmyV3.DeleteCustomEmoji.self, auth: true) { db, call -> DeletedCustomEmoji in
            try db.deleteCustomEmoji(call.form.id, by: try call.requireViewer())
            return DeletedCustomEmoji(id: call.dialect == .v0_18 ? call.form.id : nil)
        }
        add(LemmyV4.DeleteCustomEmoji.self, auth: true) { db, call in
            try db.deleteCustomEmoji(call.form.id, by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.ListCustomEmojis.self) { db, call in
            let renderer = call.renderer(db)
            return ApiListCustomEmojisResponse(
                customEmojis: db.customEmojis.listed(category: call.form.category).map(renderer.customEmojiView))
        }
    }
}

/// DeleteCustomEmoji's answer: `{id, success}` on 0.18 (`DeleteCustomEmojiResponse`),
/// `{success}` on 0.19 (`SuccessResponse`).
struct DeletedCustomEmoji: Encodable, Sendable {
    var id: Int?
    var success = true
}
