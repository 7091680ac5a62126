import LemmyAPI

/// The admins' federation blocklist and allowlist (Lemmy 1.0). Each answers the instance as
/// GetFederatedInstances lists it; this server's own instance is not listed there, so naming it
/// is answered `not_found`, after the list and the modlog were written (Lemmy reads the view last).
extension APIRoutes {
    func addFederationAdminRoutes() {
        add(LemmyV4.AdminBlockInstance.self, auth: true) { db, call in
            let form = call.form
            let id = try db.adminBlockInstance(
                form.instance, block: form.block, reason: form.reason, expires: form.expiresAt, by: try call.requireViewer(),
                now: call.now)
            return try federatedInstanceView(db, call, id)
        }
        add(LemmyV4.AdminAllowInstance.self, auth: true) { db, call in
            let form = call.form
            let id = try db.adminAllowInstance(
                form.instance, allow: form.allow, reason: form.reason, by: try call.requireViewer(), now: call.now)
            return try federatedInstanceView(db, call, id)
        }
    }
}

/// The view of instance `id`, or `not_found` for this server's own.
private func federatedInstanceView<F>(_ db: Database, _ call: Call<F>, _ id: Int) throws -> ApiFederatedInstanceView {
    guard id != 1 else { throw APIError.notFound("instance") }
    return call.renderer(db).federatedInstanceView(id, now: call.now)
}
