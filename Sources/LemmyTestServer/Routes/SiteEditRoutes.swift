import LemmyAPI

/// EditSite and CreateSite (see ``Database/editSite(_:by:now:dialect:)``). EditSite answers the
/// site as GetSite shows it, with 0.18/0.19's taglines. 1.0 reads that view through a cache that
/// a release build keeps for a second, so a real 1.0 server may answer the site as it was before
/// the edit; this server answers it fresh, as Lemmy's debug builds do.
extension APIRoutes {
    func addSiteEditRoutes() {
        add(LemmyV3.EditSite.self, auth: true) { db, call in
            try db.editSite(siteEdit(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).siteResponse()
        }
        add(LemmyV4.EditSite.self, auth: true) { db, call in
            try db.editSite(siteEdit(call.form, call.dialect), by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).siteResponse()
        }
        add(LemmyV3.CreateSite.self, auth: true) { db, call -> ApiSiteResponse in
            try db.createSite(by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).siteResponse()
        }
        add(LemmyV4.CreateSite.self, auth: true) { db, call -> ApiSiteResponse in
            try db.createSite(by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).siteResponse()
        }
    }
}

/// The form in the database's shape, its names and spellings as 1.0 has them.
private func siteEdit(_ form: ApiEditSite, _ dialect: LemmyDialect) -> Database.SiteEdit {
    Database.SiteEdit(
        name: form.name, sidebar: form.sidebar, description: dialect == .v1_0 ? form.summary : form.description,
        contentWarning: form.contentWarning, legalInformation: form.legalInformation, applicationQuestion: form.applicationQuestion,
        registrationMode: form.registrationMode?.wireValue(for: .v4),
        emailVerificationRequired: dialect == .v1_0 ? form.emailVerificationRequired : form.requireEmailVerification,
        communityCreationAdminOnly: form.communityCreationAdminOnly,
        defaultPostListingType: form.defaultPostListingType?.wireValue(for: .v4), slurFilterRegex: form.slurFilterRegex,
        privateInstance: form.privateInstance, federationEnabled: form.federationEnabled,
        taglines: dialect == .v1_0 ? nil : form.taglines, allowedInstances: form.allowedInstances,
        blockedInstances: form.blockedInstances)
}
