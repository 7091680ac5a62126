import LemmyAPI

/// 1.0's multi-communities: `/multi_community` (read, create, edit), `/multi_community/list`,
/// `/multi_community/entry` (add, remove) and `/multi_community/follow`
/// (``Database/createMultiCommunity(_:by:now:)`` and the rest). GetPosts lists a
/// multi-community's posts (`multi_community_id`, `multi_community_name`), ListCommunities its
/// communities, and GetMyUser the ones the account follows.
extension APIRoutes {
    func addMultiCommunityRoutes() {
        add(LemmyV4.GetMultiCommunity.self) { db, call in
            // A name wins over an id; a bare name is a local one (deleted ones too).
            let id: Int
            if let name = call.form.name {
                guard let found = db.multiCommunity(named: name) else { throw APIError.notFound("multi_community") }
                id = found.id
            } else if let given = call.form.id {
                guard db.multiCommunity(given) != nil else { throw APIError.notFound("multi_community") }
                id = given
            } else {
                throw APIError.code("no_id_given")
            }
            return call.renderer(db).getMultiCommunityResponse(id)
        }
        add(LemmyV4.ListMultiCommunities.self) { db, call in
            let keyed = db.multiCommunityListing(call.form, viewer: call.viewer, now: call.now)
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: true)
            let renderer = call.renderer(db)
            return ApiPagedResponse(items: page.ids.map(renderer.multiCommunityView), nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV4.CreateMultiCommunity.self, auth: true) { db, call in
            let id = try db.createMultiCommunity(call.form, by: try call.requireViewer(), now: call.now)
            return ApiMultiCommunityResponse(multiCommunityView: call.renderer(db).multiCommunityView(id))
        }
        add(LemmyV4.EditMultiCommunity.self, auth: true) { db, call in
            try db.editMultiCommunity(call.form, by: try call.requireViewer(), now: call.now)
            return ApiMultiCommunityResponse(multiCommunityView: call.renderer(db).multiCommunityView(call.form.id))
        }
        add(LemmyV4.CreateMultiCommunityEntry.self, auth: true) { db, call in
            try db.addMultiCommunityEntry(call.form, by: try call.requireViewer())
            return call.renderer(db).communityResponse(call.form.communityId)
        }
        add(LemmyV4.DeleteMultiCommunityEntry.self, auth: true) { db, call in
            try db.removeMultiCommunityEntry(call.form, by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.FollowMultiCommunity.self, auth: true) { db, call in
            try db.followMultiCommunity(call.form.multiCommunityId, follow: call.form.follow, by: try call.requireViewer())
            return ApiMultiCommunityResponse(multiCommunityView: call.renderer(db).multiCommunityView(call.form.multiCommunityId))
        }
    }
}
