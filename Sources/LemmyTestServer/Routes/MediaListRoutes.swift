import Foundation
import LemmyAPI

/// The uploads lists: an account's own images (0.19.4+ `GET /account/list_media`, 1.0
/// `GET /account/media/list`) and every local image for admins (0.19 `GET /admin/list_all_media`,
/// 1.0 `GET /image/list`; others `not_an_admin`). 0.18 has neither.
///
/// Facts from Lemmy's source: 0.19.13 lists newest first and pages by number, checked as
/// `limit_and_offset` checks (`db_views/src/local_image_view.rs`), and shows each image's
/// `local_user_id` and `pictrs_delete_token`; 1.0 pages by a cursor naming an image's alias and
/// orders by alias, ascending (`db_views/local_image/src/impls.rs`: the cursor keys are the alias
/// alone), showing `person_id` instead. Both join the uploader as `person`.
extension APIRoutes {
    func addMediaListRoutes() {
        add(LemmyV3.ListMedia.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            return try MediaList(db, call).numbered(page: call.form.page, limit: call.form.limit) { $0.ownerId == viewer }
        }
        add(LemmyV3.ListAllMedia.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            return try MediaList(db, call).numbered(page: call.form.page, limit: call.form.limit) { _ in true }
        }
        add(LemmyV4.ListMedia.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            return try MediaList(db, call).byAlias(cursor: call.form.pageCursor, limit: call.form.limit) { $0.ownerId == viewer }
        }
        add(LemmyV4.AdminListMedia.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            return try MediaList(db, call).byAlias(cursor: call.form.pageCursor, limit: call.form.limit) { _ in true }
        }
    }
}

/// One listing of uploaded images.
private struct MediaList<Form: Sendable> {
    let db: Database
    let call: Call<Form>

    init(_ db: Database, _ call: Call<Form>) {
        self.db = db
        self.call = call
    }

    /// 0.19: newest first (ties by alias, where Lemmy leaves them to the database), page by number.
    func numbered(page: Int?, limit: Int?, _ included: (ImageRecord) -> Bool) throws -> ApiListMediaResponse {
        let limit = try call.limit(limit, page: page)
        // 0.19 joins the uploader's local user: pict-rs' copies of links' images have none.
        let images = db.images.values.filter { $0.ownerId != 0 && included($0) }
            .sorted { ($0.published, $0.filename) > ($1.published, $1.filename) }
        return ApiListMediaResponse(images: Paging.numbered(images, page: page, limit: limit).map(view))
    }

    /// 1.0: by alias, ascending, after or before the alias a cursor names, with
    /// ``MediaCursor``'s next and previous cursors.
    func byAlias(cursor: String?, limit: Int?, _ included: (ImageRecord) -> Bool) throws -> ApiPagedResponse<ApiLocalImageView> {
        let limit = try call.limit(limit)
        let images = db.images.values.filter(included).sorted { $0.filename < $1.filename }
        var position: MediaCursor?
        if let cursor {
            // An empty one is a cursor too, and undecodable; Lemmy passes the decoder's text on
            // as `unknown` (`into_internal` in `pagination.rs`), not `couldnt_parse_pagination_token`.
            guard let decoded = MediaCursor(cursor) else { throw APIError.code("unknown", message: "invalid page cursor") }
            // `from_cursor` reads the named image first: gone, it is diesel's NotFound, a 404.
            guard db.images[decoded.alias] != nil else { throw APIError.recordNotFound }
            position = decoded
        }
        let page = MediaCursor.page(images.map(\.filename), limit: limit, after: position)
        return ApiPagedResponse(
            items: page.aliases.compactMap { db.images[$0] }.map(view), nextPage: page.next?.encoded,
            prevPage: page.previous?.encoded)
    }

    /// An image as the dialect renders it, with its uploader.
    func view(_ image: ImageRecord) -> ApiLocalImageView {
        let renderer = call.renderer(db)
        var local = ApiLocalImage(pictrsAlias: image.filename, publishedAt: renderer.date(image.published))
        if call.dialect == .v1_0 {
            local.personId = image.ownerId
            local.thumbnailForPostId = image.thumbnailForPost
        } else {
            local.localUserId = image.ownerId
            local.pictrsDeleteToken = image.deleteToken
        }
        var view = ApiLocalImageView(localImage: local, person: renderer.person(image.ownerId))
        if call.dialect == .v1_0 { view.post = image.thumbnailForPost.map { renderer.post($0) } }
        return view
    }
}
