internal import LemmyAPI
import Foundation

/// The report queue for moderators and admins.
extension ApiClient {
    /// A page of reports of `kind` that the account may see: those of the communities it
    /// moderates, or every report for an admin (on 1.0 an admin's queue holds the reports older
    /// than three days and those of communities the admin moderates, unless
    /// `communityRuleViolations` is set: Lemmy leaves fresh ones to the communities' moderators).
    /// Anyone else gets an empty list from 0.18 and is refused with `not_a_mod_or_admin` from 0.19
    /// on (1.0 with `mineOnly` skips that check and lists nothing). Private-message reports go to
    /// admins only: 0.18 and 0.19 refuse others with `not_an_admin`, 1.0 gives a moderator an
    /// empty list. Community reports (1.0) go to admins alone, fresh ones too: a moderator's list
    /// of them is empty, even of the reports the moderator filed.
    ///
    /// The unresolved queue runs oldest first from 0.19 on (the report that waited longest leads);
    /// 0.18, and every list of resolved reports too, newest first. 1.0 takes `oldestFirst` to
    /// choose.
    ///
    /// - Parameters:
    ///   - kind: post, comment, message or community reports (0.18 and 0.19 list them
    ///     separately; 1.0 filters one list). Community reports are 1.0's: earlier versions fail
    ///     with ``ApiClientError/unavailableInVersion(_:)`` before sending.
    ///   - unresolvedOnly: only the reports no moderator has resolved yet.
    ///   - communityId: only the reports of one community (no message report belongs to one,
    ///     so with a community the message queue is empty).
    ///   - communityRuleViolations: 1.0, for an admin: also the fresh reports of communities the
    ///     admin does not moderate (`show_community_rule_violations`). 0.18 and 0.19 always show
    ///     admins every report, so there it changes nothing.
    ///   - mineOnly: 1.0: of the reports above, only those this account filed
    ///     (`my_reports_only`): Lemmy skips the moderator check but keeps the queue's rules, so
    ///     someone who moderates nothing gets an empty list, not the reports they filed. Earlier
    ///     versions fail with ``ApiClientError/unavailableInVersion(_:)`` before sending.
    ///   - oldestFirst: 1.0: the order (`sort` `old` or `new`); nil is the version's default
    ///     above. Earlier versions fail with ``ApiClientError/unavailableInVersion(_:)``.
    ///   - limit: the page size.
    ///   - cursor: where the page starts (``ContentPage/next`` of the previous page).
    public func reports(
        _ kind: ReportKind, unresolvedOnly: Bool = true, communityId: Int? = nil, communityRuleViolations: Bool = false,
        mineOnly: Bool = false, oldestFirst: Bool? = nil, limit: Int = 20, cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<Report> {
        let generation = try await generation()
        if generation == .v3 {
            if mineOnly { throw .unavailableInVersion("listing only one's own reports (Lemmy 1.0 and later)") }
            if oldestFirst != nil { throw .unavailableInVersion("choosing the report queue's order (Lemmy 1.0 and later)") }
        }
        if generation == .v4 {
            let type: ApiReportType =
                switch kind {
                case .post: .posts
                case .comment: .comments
                case .privateMessage: .privateMessages
                case .community: .communities
                }
            let form = ApiListReports(
                unresolvedOnly: unresolvedOnly, type: type, communityId: communityId, sort: oldestFirst.map { $0 ? .old : .new },
                limit: limit, showCommunityRuleViolations: communityRuleViolations ? true : nil, myReportsOnly: mineOnly ? true : nil)
            let page = try await self.page(LemmyV4.ListReports(form), at: cursor)
            return ContentPage(
                items: page.items.compactMap { combined -> Report? in
                    switch combined {
                    case .post(let view) where kind == .post: return report(view)
                    case .comment(let view) where kind == .comment: return report(view)
                    case .privateMessage(let view) where kind == .privateMessage: return report(view)
                    case .community(let view) where kind == .community: return report(view)
                    default: return nil
                    }
                }, next: page.next)
        }
        switch kind {
        case .community:
            throw .unavailableInVersion("reports about communities (Lemmy 1.0 and later)")
        case .privateMessage:
            // 0.18 and 0.19 list message reports with no community filter: none belongs to one.
            if communityId != nil { return ContentPage(items: [], next: nil) }
            let form = ApiListPrivateMessageReports(limit: limit, unresolvedOnly: unresolvedOnly)
            let page = try await self.page(LemmyV3.ListPrivateMessageReports(form), at: cursor)
            return ContentPage(items: page.items.map { report($0) }, next: page.next)
        case .post:
            let form = ApiListPostReports(limit: limit, unresolvedOnly: unresolvedOnly, communityId: communityId)
            let page = try await self.page(LemmyV3.ListPostReports(form), at: cursor)
            return ContentPage(items: page.items.map { report($0) }, next: page.next)
        case .comment:
            let form = ApiListCommentReports(limit: limit, unresolvedOnly: unresolvedOnly, communityId: communityId)
            let page = try await self.page(LemmyV3.ListCommentReports(form), at: cursor)
            return ContentPage(items: page.items.map { report($0) }, next: page.next)
        }
    }

    func report(_ view: ApiPostReportView) -> Report {
        let report = view.postReport
        return Report(
            api: self, id: ReportId(.post, report.id), reason: escapedText.unescape(report.reason), reporter: person1(view.creator),
            post: post1(view.post), comment: nil, community: community1(view.community),
            contentCreator: person1(view.postCreator), originalText: escapedText.unescape(report.originalPostName),
            breaksInstanceRules: report.violatesInstanceRules ?? false, created: report.publishedAt.date, isResolved: report.resolved,
            resolver: view.resolver.map { person1($0) })
    }

    func report(_ view: ApiPrivateMessageReportView) -> Report {
        let report = view.privateMessageReport
        return Report(
            api: self, id: ReportId(.privateMessage, report.id), reason: escapedText.unescape(report.reason),
            reporter: person1(view.creator),
            post: nil, comment: nil, messageId: report.privateMessageId, community: nil,
            contentCreator: person1(view.privateMessageCreator), originalText: escapedText.unescape(report.originalPmText),
            created: report.publishedAt.date, isResolved: report.resolved, resolver: view.resolver.map { person1($0) })
    }

    func report(_ view: ApiCommunityReportView) -> Report {
        let report = view.communityReport
        // Named as `Community1Snapshot` names the community's own fields.
        let title = report.originalCommunityTitle.flatMap { $0.isEmpty ? nil : escapedText.unescape($0) }
        let original = ReportedCommunity(
            name: report.originalCommunityName, displayName: title ?? report.originalCommunityName,
            description: report.originalCommunitySidebar.map(escapedText.unescape),
            summary: report.originalCommunitySummary.map(escapedText.unescape),
            icon: report.originalCommunityIcon.flatMap(URL.init(string:)), banner: report.originalCommunityBanner.flatMap(URL.init(string:))
        )
        return Report(
            api: self, id: ReportId(.community, report.id), reason: escapedText.unescape(report.reason), reporter: person1(view.creator),
            post: nil, comment: nil, community: community1(view.community), contentCreator: nil,
            originalText: original.displayName, originalCommunity: original, created: report.publishedAt.date,
            isResolved: report.resolved, resolver: view.resolver.map { person1($0) })
    }

    func report(_ view: ApiCommentReportView) -> Report {
        let report = view.commentReport
        return Report(
            api: self, id: ReportId(.comment, report.id), reason: escapedText.unescape(report.reason), reporter: person1(view.creator),
            post: post1(view.post), comment: comment1(view.comment), community: community1(view.community),
            contentCreator: person1(view.commentCreator), originalText: escapedText.unescape(report.originalCommentText),
            breaksInstanceRules: report.violatesInstanceRules ?? false, created: report.publishedAt.date, isResolved: report.resolved,
            resolver: view.resolver.map { person1($0) })
    }
}
