import LemmyAPI

/// Site bans and the lists of banned people (admins only): 0.18 and 0.19 `POST /user/ban` and
/// `GET /user/banned`; 1.0 `POST /admin/ban` and `GET /admin/users`. See
/// ``Database/banFromSite(_:ban:removeData:reason:expires:by:now:dialect:)`` for the rules.
extension APIRoutes {
    func addSiteBanRoutes() {
        add(LemmyV3.BanPerson.self, auth: true) { db, call in
            try db.banFromSite(
                call.form.personId, ban: call.form.ban, removeData: call.form.removeData ?? false, reason: call.form.reason,
                expires: call.form.expires, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiBanPersonResponse(personView: call.renderer(db).personView(call.form.personId), banned: call.form.ban)
        }
        add(LemmyV4.BanPerson.self, auth: true) { db, call in
            try db.banFromSite(
                call.form.personId, ban: call.form.ban, removeData: call.form.removeOrRestoreData ?? false,
                reason: call.form.reason, expires: call.form.expiresAt, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiPersonResponse(personView: call.renderer(db).personView(call.form.personId))
        }
        add(LemmyV3.GetBannedPersons.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            let renderer = call.renderer(db)
            return ApiBannedPersonsResponse(
                banned: db.bannedPersons(now: call.now, dialect: call.dialect).map { renderer.personView($0.id) })
        }
        add(LemmyV4.AdminListUsers.self, auth: true) { db, call in
            try db.requireAdmin(try call.requireViewer())
            // Lemmy passes the limit to SQL unchecked: none is no limit, a negative one an error.
            if let limit = call.form.limit, limit < 0 { throw APIError.code("unknown", message: "LIMIT must not be negative") }
            // `published_at, id`, newest first unless `old` (`LocalUserQuery::list`); local,
            // undeleted accounts; `banned_only` keeps bans without an expiry or with one ahead.
            let ascending = call.form.sort == .old
            let keyed = db.persons.filter { person in
                person.instanceId == 1 && !person.deleted
                    && (call.form.bannedOnly != true || (person.banned && (person.banExpires.map { $0 > call.now } ?? true)))
            }.map { person in
                (
                    id: person.id,
                    key: SortKey(
                        featured: 0, primary: ascending ? -person.published : person.published, tiebreak: ascending ? -person.id : person.id
                    )
                )
            }
            let limit = min(call.form.limit ?? Int.max, keyed.count + 1)
            let page = try Paging.page(keyed, page: nil, limit: limit, cursor: call.form.pageCursor, fullPages: true)
            let renderer = call.renderer(db)
            let items = page.ids.compactMap { id -> ApiLocalUserView? in
                guard let localUser = renderer.localUser(id) else { return nil }
                var view = ApiLocalUserView(localUser: localUser, person: renderer.person(id))
                view.banned = db.banFlag(id, now: call.now)
                view.banExpiresAt = renderer.siteBanExpiry(id)
                return view
            }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
    }
}
