internal import LemmyAPI

/// Reports to the instance's admins alone (Lemmy 1.0): about a community, and about a post or
/// comment that breaks the instance's rules (see ``Post2Providing/report(reason:breaksInstanceRules:)``).
extension Community1Providing {
    /// Reports the community itself to the instance's admins (Lemmy 1.0 and later), e.g. for
    /// breaking the instance's rules; its moderators never see the report. Earlier versions fail
    /// with ``ApiClientError/unavailableInVersion(_:)`` before sending.
    ///
    /// Lemmy takes one report per person and community, ever: a second one is refused
    /// (`couldnt_create`), even once the first was resolved. It also refuses a reason that is
    /// empty once trimmed (`report_reason_required`) or longer than 1,000 characters
    /// (`report_too_long`), a deleted or removed community (`deleted`), and someone banned from
    /// the community (`person_is_banned_from_community`).
    public func report(reason: String) async throws(ApiClientError) {
        let api = self.api
        try api.checkPermission(mutation: true)
        try api.requireAccount()
        guard try await api.generation() == .v4 else {
            throw .unavailableInVersion("reporting a community (Lemmy 1.0 and later)")
        }
        let form = ApiCreateCommunityReport(communityId: id, reason: reason)
        _ = try await api.send(LemmyV4.CreateCommunityReport(form), mutation: true)
    }
}

extension ApiClient {
    /// Refuses, before any request, a report to the admins that the instance's rules are broken
    /// on a server older than 1.0, which would take it as an ordinary report to the moderators
    /// (0.19 ignores the member it does not know).
    func requireInstanceRuleReports(_ breaksInstanceRules: Bool) async throws(ApiClientError) {
        guard breaksInstanceRules, try await generation() != .v4 else { return }
        throw .unavailableInVersion("reporting to the admins that the instance's rules are broken (Lemmy 1.0 and later)")
    }
}
