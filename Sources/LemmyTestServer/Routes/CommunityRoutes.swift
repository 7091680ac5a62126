import LemmyAPI

/// Communities: list, get, create, edit, hide, follow, block.
extension APIRoutes {
    func addCommunityRoutes() {
        addPendingFollowRoutes()
        addNotificationSettingRoutes()
        addMultiCommunityRoutes()
        add(LemmyV3.ListCommunities.self) { db, call in
            let page = try listCommunities(db, call)
            return ApiListCommunitiesResponse(communities: page.ids.map(call.renderer(db).communityView))
        }
        add(LemmyV4.ListCommunities.self) { db, call in
            let page = try listCommunities(db, call)
            return ApiPagedResponse(items: page.ids.map(call.renderer(db).communityView), nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV3.GetCommunity.self) { db, call in
            call.renderer(db).getCommunityResponse(try communityId(db, call.form, dialect: call.dialect))
        }
        add(LemmyV4.GetCommunity.self) { db, call in
            call.renderer(db).getCommunityResponse(try communityId(db, call.form, dialect: call.dialect))
        }
        add(LemmyV4.GetRandomCommunity.self) { db, call in
            let id = try db.randomCommunity(localOnly: call.form.type == .local, showNSFW: call.form.showNsfw ?? false, viewer: call.viewer)
            return call.renderer(db).communityResponse(id)
        }
        add(LemmyV3.FollowCommunity.self, auth: true) { db, call in
            try db.follow(
                call.form.communityId, by: try call.requireViewer(), follow: call.form.follow, now: call.now, checkedAs: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV4.FollowCommunity.self, auth: true) { db, call in
            try db.follow(
                call.form.communityId, by: try call.requireViewer(), follow: call.form.follow, now: call.now, checkedAs: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV3.CreateCommunity.self, auth: true) { db, call in
            let id = try db.createCommunity(
                name: call.form.name, change(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(id)
        }
        add(LemmyV4.CreateCommunity.self, auth: true) { db, call in
            let id = try db.createCommunity(
                name: call.form.name, change(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(id)
        }
        add(LemmyV3.EditCommunity.self, auth: true) { db, call in
            try db.editCommunity(
                call.form.communityId, change(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV4.EditCommunity.self, auth: true) { db, call in
            try db.editCommunity(
                call.form.communityId, change(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV3.DeleteCommunity.self, auth: true) { db, call in
            try db.deleteCommunity(call.form.communityId, deleted: call.form.deleted, by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV4.DeleteCommunity.self, auth: true) { db, call in
            try db.deleteCommunity(call.form.communityId, deleted: call.form.deleted, by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV3.RemoveCommunity.self, auth: true) { db, call in
            try db.removeCommunity(
                call.form.communityId, removed: call.form.removed, reason: call.form.reason, by: try call.requireViewer(),
                now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV4.RemoveCommunity.self, auth: true) { db, call in
            try db.removeCommunity(
                call.form.communityId, removed: call.form.removed, reason: call.form.reason, by: try call.requireViewer(),
                now: call.now, dialect: call.dialect)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV3.HideCommunity.self, auth: true) { db, call in
            try db.hideCommunity(call.form.communityId, hidden: call.form.hidden, by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
        // No LemmyV4.HideCommunity: 1.0 has no such route (lemmy-js-client still declares it);
        // "Changes to community visibility" (#5478) replaced `hidden` with visibility `unlisted`.
        add(LemmyV3.BlockCommunity.self, auth: true) { db, call in
            try db.blockCommunity(call.form.communityId, by: try call.requireViewer(), block: call.form.block, now: call.now)
            return ApiBlockCommunityResponse(
                communityView: call.renderer(db).communityView(call.form.communityId),
                blocked: call.form.block)
        }
        add(LemmyV4.BlockCommunity.self, auth: true) { db, call in
            try db.blockCommunity(call.form.communityId, by: try call.requireViewer(), block: call.form.block, now: call.now)
            return call.renderer(db).communityResponse(call.form.communityId)
        }
    }
}

/// The community asked for. 0.18 and 0.19 take the id over the name and look up `main` when
/// given neither; 1.0 takes the name over the id (`resolve_community_identifier`) and answers
/// `no_id_given` for neither. A name that names nothing is a 404.
private func communityId(_ db: Database, _ form: ApiGetCommunity, dialect: LemmyDialect) throws -> Int {
    func named(_ name: String) throws -> Int {
        guard let community = db.community(named: name), !db.purged.communities.contains(community.id) else {
            throw APIError.notFoundByName("community")
        }
        return community.id
    }
    if dialect == .v1_0, let name = form.name { return try named(name) }
    if let id = form.id {
        guard db.community(id) != nil, !db.purged.communities.contains(id) else { throw APIError.notFound("community") }
        return id
    }
    if dialect == .v1_0 { throw APIError.code("no_id_given") }
    return try named(form.name ?? "main")
}

/// One page of ListCommunities (``Database/communityListing(_:viewer:dialect:now:)``): 0.18/0.19 by
/// page number, 1.0 by cursor.
private func listCommunities(_ db: Database, _ call: Call<ApiListCommunities>) throws -> PageResult {
    let keyed = db.communityListing(call.form, viewer: call.viewer, dialect: call.dialect, now: call.now)
    return try Paging.page(
        keyed, page: call.dialect == .v1_0 ? nil : call.form.page, limit: try call.limit(call.form.limit, page: call.form.page),
        cursor: call.dialect == .v1_0 ? call.form.pageCursor : nil, fullPages: call.dialect == .v1_0)
}

/// The fields of a create or edit form: 0.18/0.19 `description`, 1.0 `sidebar`; visibility in 1.0's spelling;
/// the title and description as `dialect` stores them.
private func change(_ form: ApiCreateCommunity, _ dialect: LemmyDialect) -> Database.CommunityChange {
    Database.CommunityChange(
        title: dialect.stored(form.title), description: dialect.stored(form.sidebar ?? form.description), icon: form.icon,
        banner: form.banner,
        nsfw: form.nsfw, postingRestrictedToMods: form.postingRestrictedToMods,
        visibility: form.visibility?.wireValue(for: .v4))
}

private func change(_ form: ApiEditCommunity, _ dialect: LemmyDialect) -> Database.CommunityChange {
    Database.CommunityChange(
        title: dialect.stored(form.title), description: dialect.stored(form.sidebar ?? form.description), icon: form.icon,
        banner: form.banner,
        nsfw: form.nsfw, postingRestrictedToMods: form.postingRestrictedToMods,
        visibility: form.visibility?.wireValue(for: .v4))
}
