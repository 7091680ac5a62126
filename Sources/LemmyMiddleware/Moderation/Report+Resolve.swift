internal import LemmyAPI

extension Report {
    /// Marks the report resolved (or open again). The change shows at once; if the server
    /// refuses (the account moderates nothing here; only admins resolve message and community
    /// reports) it is rolled back and the result says why.
    /// A second call while one is in flight returns ``MutationResult/unchanged``.
    @discardableResult public func resolve(_ resolved: Bool = true) async -> MutationResult {
        guard isResolved != resolved, !resolveInFlight else { return .unchanged }
        let before = (isResolved, resolver)
        isResolved = resolved
        resolveInFlight = true
        defer { resolveInFlight = false }
        do throws(ApiClientError) {
            let answer = try await send(resolved)
            isResolved = answer.isResolved
            resolver = answer.resolver
            return isResolved == resolved ? .confirmed : .failed(.unsupported("the server kept the report's state"))
        } catch {
            (isResolved, resolver) = before
            return .failed(error)
        }
    }

    /// Sends the resolution and returns the report as the server now has it.
    private func send(_ resolved: Bool) async throws(ApiClientError) -> Report {
        let v4 = try await api.generation() == .v4
        switch id.kind {
        case .post:
            let form = ApiResolvePostReport(reportId: id.value, resolved: resolved)
            let view =
                v4
                ? try await api.send(LemmyV4.ResolvePostReport(form), mutation: true).postReportView
                : try await api.send(LemmyV3.ResolvePostReport(form), mutation: true).postReportView
            return api.report(view)
        case .comment:
            let form = ApiResolveCommentReport(reportId: id.value, resolved: resolved)
            let view =
                v4
                ? try await api.send(LemmyV4.ResolveCommentReport(form), mutation: true).commentReportView
                : try await api.send(LemmyV3.ResolveCommentReport(form), mutation: true).commentReportView
            return api.report(view)
        case .community:
            // Only 1.0 has community reports, so a report of this kind came from a 1.0 server.
            guard v4 else { throw .unavailableInVersion("reports about communities (Lemmy 1.0 and later)") }
            let form = ApiResolveCommunityReport(reportId: id.value, resolved: resolved)
            return api.report(try await api.send(LemmyV4.ResolveCommunityReport(form), mutation: true).communityReportView)
        case .privateMessage:
            let form = ApiResolvePrivateMessageReport(reportId: id.value, resolved: resolved)
            let view = try await api.send(LemmyAnyGeneration.ResolvePrivateMessageReport(form), mutation: true)
                .privateMessageReportView
            return api.report(view)
        }
    }
}
