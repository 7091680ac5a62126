internal import LemmyAPI

/// The admins' queue of registration applications.
extension ApiClient {
    /// A page of registration applications, for an admin: the unread ones (no admin has decided
    /// yet) or all of them. Lemmy 0.19 lists unread ones oldest first (0.18 and 1.0 newest first) and all of
    /// them newest first; on an instance that verifies email addresses, only verified applicants.
    /// Anyone but an admin is refused with the server's `not_an_admin`.
    ///
    /// - Parameters:
    ///   - unreadOnly: only the applications no admin has decided.
    ///   - limit: the page size (1 to 50).
    ///   - cursor: where the page starts (``ContentPage/next`` of the previous page).
    public func registrationApplications(unreadOnly: Bool = true, limit: Int = 20, cursor: PageCursor? = nil)
        async throws(ApiClientError) -> ContentPage<RegistrationApplication>
    {
        try requireAccount()
        let form = ApiListRegistrationApplications(unreadOnly: unreadOnly, limit: limit)
        let page = try await self.page(LemmyAnyGeneration.ListRegistrationApplications(form), at: cursor)
        return ContentPage(items: page.items.map { registrationApplication($0) }, next: page.next)
    }

    /// How many registration applications wait for an admin (admins only; others are refused
    /// with `not_an_admin` on 0.18 and 0.19; on 1.0, which folds the count into the unread
    /// counts, with ``ApiClientError/Kind/unsupported``).
    public func unreadRegistrationApplicationCount() async throws(ApiClientError) -> Int {
        try requireAccount()
        // Explicit per generation: 0.18/0.19 have a call of its own, 1.0 a member of GetUnreadCounts.
        if try await generation() == .v4 {
            let counts = try await send(LemmyV4.GetUnreadCounts(), mutation: false)
            guard let count = counts.registrationApplicationCount else {
                throw .unsupported("the server gives the application count to admins only")
            }
            return count.clampedCount
        }
        return try await send(LemmyV3.GetUnreadRegistrationApplicationCount(), mutation: false).registrationApplications
            .clampedCount
    }

    /// The model of an application as the server sent it.
    func registrationApplication(_ view: ApiRegistrationApplicationView) -> RegistrationApplication {
        let row = view.registrationApplication
        return RegistrationApplication(
            api: self, id: row.id, applicant: person1(view.creator), answer: row.answer,
            email: view.creatorLocalUser.email, isEmailVerified: view.creatorLocalUser.emailVerified,
            created: row.publishedAt.date, state: Self.state(of: view), admin: view.admin.map { person1($0) },
            denyReason: row.denyReason)
    }

    /// Approved once the account's application is accepted; denied when an admin decided without
    /// accepting it; pending until an admin decides (Lemmy's own reading at login).
    static func state(of view: ApiRegistrationApplicationView) -> RegistrationApplicationState {
        if view.creatorLocalUser.acceptedApplication { return .approved }
        return view.registrationApplication.adminId == nil ? .pending : .denied
    }
}
