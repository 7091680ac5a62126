import LemmyAPI

/// The admins' registration-application queue: list, approve or deny, and the unread count
/// (0.18 and 0.19; 1.0 folds the count into GetUnreadCounts). Only admins: others get
/// `not_an_admin`.
extension APIRoutes {
    func addRegistrationApplicationRoutes() {
        add(LemmyV3.ListRegistrationApplications.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            let limit = try call.limit(call.form.limit, page: call.form.page)
            let listed = db.listedRegistrationApplications(
                unreadOnly: call.form.unreadOnly ?? false, oldestFirstWhenUnread: call.dialect == .v0_19)
            let renderer = call.renderer(db)
            return ApiListRegistrationApplicationsResponse(
                registrationApplications: Paging.numbered(listed, page: call.form.page, limit: limit).compactMap(
                    renderer.registrationApplicationView))
        }
        add(LemmyV4.ListRegistrationApplications.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            // 1.0 pages by cursor over the newest first, also for the unread ones.
            let listed = db.listedRegistrationApplications(unreadOnly: call.form.unreadOnly ?? false)
            let keyed = listed.map { (id: $0.id, key: SortKey(featured: 0, primary: $0.published, tiebreak: $0.id)) }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: call.dialect == .v1_0)
            let renderer = call.renderer(db)
            let items = page.ids.compactMap { renderer.registrationApplicationView(db.registrationApplications[$0 - 1]) }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV3.ApproveRegistrationApplication.self, auth: true) { db, call in try decide(&db, call) }
        add(LemmyV4.ApproveRegistrationApplication.self, auth: true) { db, call in try decide(&db, call) }
        add(LemmyV3.GetRegistrationApplication.self, auth: true) { db, call in try application(db, call) }
        add(LemmyV4.GetRegistrationApplication.self, auth: true) { db, call in try application(db, call) }
        add(LemmyV3.GetUnreadRegistrationApplicationCount.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            return ApiGetUnreadRegistrationApplicationCountResponse(
                registrationApplications: db.listedRegistrationApplications(unreadOnly: true).count)
        }
    }
}

private func decide(_ db: inout Database, _ call: Call<ApiApproveRegistrationApplication>) throws
    -> ApiRegistrationApplicationResponse
{
    let application = try db.decideRegistrationApplication(
        call.form.id, approve: call.form.approve, denyReason: call.form.denyReason, by: try call.requireViewer(),
        now: call.now, dialect: call.dialect)
    guard let view = call.renderer(db).registrationApplicationView(application) else {
        throw APIError.notFound("registration_application")
    }
    return ApiRegistrationApplicationResponse(registrationApplication: view)
}

/// GetRegistrationApplication (0.19.6 and later): an admin reads one person's application. None: 0.19 `couldnt_find_registration_application`, 1.0
/// `not_found`.
private func application(_ db: Database, _ call: Call<ApiGetRegistrationApplication>) throws -> ApiRegistrationApplicationResponse {
    try db.requireAdmin(try call.requireViewer())
    guard let application = db.registrationApplication(ofPerson: call.form.personId),
        let view = call.renderer(db).registrationApplicationView(application)
    else {
        throw call.dialect == .v1_0 ? APIError.recordNotFound : APIError.code("couldnt_find_registration_application")
    }
    return ApiRegistrationApplicationResponse(registrationApplication: view)
}
