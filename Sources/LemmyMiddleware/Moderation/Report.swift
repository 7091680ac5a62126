public import Foundation
public import Observation

/// What a report is about.
public enum ReportKind: String, Sendable, Hashable, CaseIterable {
    /// A report of a post.
    case post
    /// A report of a comment.
    case comment
    /// A report of a private message (admins only).
    case privateMessage = "message"
    /// A report about a community itself, to the instance's admins (Lemmy 1.0 and later).
    case community
}

/// Identifies a report. Lemmy numbers post, comment, message and community reports separately,
/// so the kind is part of the identity.
public struct ReportId: Hashable, Sendable, CustomStringConvertible {
    /// What the report is about.
    public let kind: ReportKind
    /// The report's number among reports of its kind.
    public let value: Int

    /// Makes an id.
    public init(_ kind: ReportKind, _ value: Int) {
        self.kind = kind
        self.value = value
    }

    /// `post-12`, `comment-3`, `message-1`, `community-2`.
    public var description: String { "\(kind.rawValue)-\(value)" }
}

/// A report to a community's moderators and the instance's admins, as the report queue shows it.
///
/// Reports are read with ``ApiClient/reports(_:unresolvedOnly:communityId:communityRuleViolations:mineOnly:oldestFirst:limit:cursor:)``. Each
/// read makes new report objects (reports are not identity-cached); the post, comment, community
/// and people they refer to are the client's identity-cached models. ``resolve(_:)`` changes
/// ``isResolved`` at once and rolls it back if the server refuses. A removal this client makes
/// resolves the removed item's reports on Lemmy 0.19 and 1.0 (and 1.0's removal or restoration
/// of a community the reports about it), and the reports the app holds show it (resolved by the
/// account) without a reload.
@MainActor @Observable
public final class Report: Identifiable {
    /// The report's id.
    public let id: ReportId
    /// Why the reporter reported it. Untrusted text.
    public let reason: String
    /// Who reported it.
    public let reporter: Person1
    /// The reported post, or the post of the reported comment; nil for a message report.
    public let post: Post1?
    /// The reported comment, for comment reports.
    public let comment: Comment1?
    /// The id of the reported private message, for message reports.
    public let messageId: Int?
    /// The community the content was posted in, or the reported community; nil for a message
    /// report.
    public let community: Community1?
    /// Who wrote the reported content; nil for a community report (a community has no author:
    /// see its moderators).
    public let contentCreator: Person1?
    /// The post title, comment text or message as it was when reported (it may have been edited
    /// since); for a community report, the community's display name (``ReportedCommunity/displayName``).
    public let originalText: String
    /// The reported community as it was when reported, for community reports: its moderators
    /// may have changed it since, and the report is about what the reporter saw.
    public let originalCommunity: ReportedCommunity?
    /// Whether the reporter says the content breaks the instance's rules (Lemmy 1.0): such a
    /// report goes to the admins alone, never to the community's moderators.
    public let breaksInstanceRules: Bool
    /// When the report was made.
    public let created: Date
    /// Whether a moderator has resolved the report.
    public internal(set) var isResolved: Bool
    /// Who resolved it, when the server names them.
    public internal(set) var resolver: Person1?

    @ObservationIgnored let api: ApiClient
    @ObservationIgnored var resolveInFlight = false

    init(
        api: ApiClient, id: ReportId, reason: String, reporter: Person1, post: Post1?, comment: Comment1?, messageId: Int? = nil,
        community: Community1?, contentCreator: Person1?, originalText: String, originalCommunity: ReportedCommunity? = nil,
        breaksInstanceRules: Bool = false, created: Date, isResolved: Bool, resolver: Person1?
    ) {
        self.api = api
        self.id = id
        self.reason = reason
        self.reporter = reporter
        self.post = post
        self.comment = comment
        self.messageId = messageId
        self.community = community
        self.contentCreator = contentCreator
        self.originalText = originalText
        self.originalCommunity = originalCommunity
        self.breaksInstanceRules = breaksInstanceRules
        self.created = created
        self.isResolved = isResolved
        self.resolver = resolver
        api.heldReports.add(self)
    }
}

/// A community as a report about it found it (Lemmy 1.0 copies these into the report), named as
/// ``Community1`` names them.
public struct ReportedCommunity: Sendable, Hashable {
    /// The community's name (the part of its handle before the instance).
    public let name: String
    /// Its title, or its name if it had none. Untrusted text.
    public let displayName: String
    /// Its sidebar (Markdown). Untrusted text.
    public let description: String?
    /// Its one-line summary (Markdown). Untrusted text.
    public let summary: String?
    /// Its icon.
    public let icon: URL?
    /// Its banner.
    public let banner: URL?
}
