internal import LemmyAPI

extension RegistrationApplication {
    /// Accepts the application, so the applicant can log in. The change shows at once; if the
    /// server refuses (the account is no admin: `not_an_admin`) it is rolled back and the result
    /// says why. Returns ``MutationResult/unchanged`` if it is already approved or a decision is
    /// in flight.
    @discardableResult public func approve() async -> MutationResult {
        await decide(.approved, reason: nil)
    }

    /// Turns the application down; the applicant's login is then refused with
    /// `registration_denied` (and the reason). Optimistic and rolled back like ``approve()``.
    ///
    /// - Parameter reason: why, shown to the applicant; nil keeps any earlier reason, an empty
    ///   string clears it (Lemmy's rule).
    @discardableResult public func deny(reason: String?) async -> MutationResult {
        await decide(.denied, reason: reason)
    }

    private func decide(_ target: RegistrationApplicationState, reason: String?) async -> MutationResult {
        guard state != target, !decisionInFlight else { return .unchanged }
        let before = (state, admin, denyReason)
        state = target
        admin = api.account?.person ?? admin
        if let reason { denyReason = reason.isEmpty ? nil : reason }
        decisionInFlight = true
        defer { decisionInFlight = false }
        do throws(ApiClientError) {
            let form = ApiApproveRegistrationApplication(id: id, approve: target == .approved, denyReason: reason)
            let view = try await api.send(LemmyAnyGeneration.ApproveRegistrationApplication(form), mutation: true)
                .registrationApplication
            state = ApiClient.state(of: view)
            admin = view.admin.map { api.person1($0) }
            denyReason = view.registrationApplication.denyReason
            return state == target ? .confirmed : .failed(.unsupported("the server kept the application's state"))
        } catch {
            (state, admin, denyReason) = before
            return .failed(error)
        }
    }
}
