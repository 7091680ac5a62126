import LemmyAPI

/// Lemmy 1.0's ListPersons (`GET /person/list`, `crates/api/api/src/federation/list_persons.rs`):
/// a page of people (``Database/personListing(_:scores:)``), for guests too, by 1.0's cursors. Each view
/// carries the viewer's actions on the person (`my_person_actions_join`). 0.18 and 0.19 have no
/// such route; they find people through Search.
///
/// A cursor names a person, as Lemmy's does (`CursorData::new_id`): the page starts from where
/// that person stands now, so a person whose score changed between two pages moves the page with
/// them. A cursor that does not decode is `unknown` (Lemmy passes the decoder's text on); one
/// naming nobody is a 404 (`Person::read`).
///
/// Lemmy's form also takes a `community_id` (the community's accepted followers and banned
/// people, for its moderators and admins); lemmy-js-client does not declare it, so neither does
/// the generated form, and the test server ignores it as it ignores any unknown parameter.
extension APIRoutes {
    func addPersonListRoutes() {
        add(LemmyV4.ListPersons.self) { db, call in
            let limit = try call.limit(call.form.limit)
            let sort = call.form.sort ?? .new
            let scores = db.personScores(sort)
            var position: PagePosition?
            if let cursor = call.form.pageCursor {
                guard let decoded = PageCursor.decode(cursor) else { throw APIError.code("unknown", message: "invalid page cursor") }
                guard let person = db.person(abs(decoded.key.tiebreak)) else { throw APIError.recordNotFound }
                let key = db.personListKey(person, sort: sort, scores: scores)
                position = PagePosition(key: key, direction: decoded.direction, recovery: decoded.recovery)
            }
            let ordered = db.personListing(call.form, scores: scores).sorted { $0.key > $1.key }
            let page = Paging.page(ordered: ordered, page: nil, limit: limit, position: position, fullPages: true, matching: { _ in true })
            let renderer = call.renderer(db)
            return ApiPagedResponse(items: page.ids.map(renderer.personView), nextPage: page.next, prevPage: page.previous)
        }
    }
}
