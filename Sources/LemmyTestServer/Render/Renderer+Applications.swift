import LemmyAPI

extension Renderer {
    /// A registration application with its applicant's person and `local_user` and the deciding
    /// admin; nil if the applicant's row is gone.
    func registrationApplicationView(_ application: RegistrationApplicationRecord) -> ApiRegistrationApplicationView? {
        guard let localUser = localUser(application.personId) else { return nil }
        var row = ApiRegistrationApplication(
            id: application.id, localUserId: application.personId, answer: application.answer,
            adminId: application.adminId, denyReason: application.denyReason, publishedAt: date(application.published))
        if v10 { row.updatedAt = date(application.updated) }
        return ApiRegistrationApplicationView(
            registrationApplication: row, creatorLocalUser: localUser, creator: person(application.personId),
            admin: application.adminId.map { person($0) })
    }
}
