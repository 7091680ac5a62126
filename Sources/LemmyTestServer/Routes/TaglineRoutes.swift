import LemmyAPI

/// Lemmy 1.0's taglines (``Database/createTagline(_:by:now:)`` and beside it): create, edit and
/// delete by admins, and a list anyone may read, newest first, in pages.
extension APIRoutes {
    func addTaglineRoutes() {
        add(LemmyV4.CreateTagline.self, auth: true) { db, call in
            let record = try db.createTagline(call.form.content, by: try call.requireViewer(), now: call.now)
            return ApiTaglineResponse(tagline: call.renderer(db).tagline(record))
        }
        add(LemmyV4.EditTagline.self, auth: true) { db, call in
            let record = try db.editTagline(call.form.id, content: call.form.content, by: try call.requireViewer(), now: call.now)
            return ApiTaglineResponse(tagline: call.renderer(db).tagline(record))
        }
        add(LemmyV4.DeleteTagline.self, auth: true) { db, call in
            try db.deleteTagline(call.form.id, by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.ListTaglines.self) { db, call in
            // Ordered by the key, descending: the newest (the highest id) first.
            let keyed = db.site.taglines.map { (id: $0.id, key: SortKey(featured: 0, primary: 0, tiebreak: $0.id)) }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: true)
            let renderer = call.renderer(db)
            let items = page.ids.compactMap { id in db.site.taglines.first { $0.id == id }.map(renderer.tagline) }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
    }
}
