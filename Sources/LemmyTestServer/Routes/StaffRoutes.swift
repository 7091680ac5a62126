import LemmyAPI

/// Who runs a community and the instance: TransferCommunity, AddAdmin and LeaveAdmin (0.18 and
/// 0.19: 1.0 has no LeaveAdmin route, although lemmy-js-client still declares one). See
/// ``Database/transferCommunity(_:to:by:now:dialect:)`` and the others for each version's checks.
extension APIRoutes {
    func addStaffRoutes() {
        add(LemmyV3.TransferCommunity.self, auth: true) { db, call in try transfer(&db, call) }
        add(LemmyV4.TransferCommunity.self, auth: true) { db, call in try transfer(&db, call) }
        add(LemmyV3.AddAdmin.self, auth: true) { db, call in try addAdmin(&db, call) }
        add(LemmyV4.AddAdmin.self, auth: true) { db, call in try addAdmin(&db, call) }
        add(LemmyV3.LeaveAdmin.self, auth: true) { db, call in
            try db.leaveAdmin(try call.requireViewer(), now: call.now, dialect: call.dialect)
            // The answer is built without the caller's account (`my_user` absent).
            var response = call.renderer(db).getSiteResponse()
            response.myUser = nil
            return response
        }
    }
}

/// TransferCommunity: the community as GetCommunity shows it to the caller, with the moderators
/// in their new order.
private func transfer(_ db: inout Database, _ call: Call<ApiTransferCommunity>) throws -> ApiGetCommunityResponse {
    let communityId = call.form.communityId
    try db.transferCommunity(communityId, to: call.form.personId, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
    if db.transferredCommunityIsHidden(communityId, dialect: call.dialect) { throw APIError.missingRow("couldnt_find_community") }
    return call.renderer(db).getCommunityResponse(communityId)
}

/// AddAdmin: the admins after the change.
private func addAdmin(_ db: inout Database, _ call: Call<ApiAddAdmin>) throws -> ApiAddAdminResponse {
    try db.setAdmin(call.form.personId, added: call.form.added, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
    let renderer = call.renderer(db)
    return ApiAddAdminResponse(admins: db.listedAdminIds(dialect: call.dialect).map(renderer.personView))
}
