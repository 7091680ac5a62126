public import Foundation

/// The report queue as `lemmy reports --json` prints it.
public struct ReportsOutput: Codable, Sendable, Equatable {
    /// One report.
    public struct Report: Codable, Sendable, Equatable {
        /// `post`, `comment`, `message` or `community`.
        public var kind: String
        /// The report's id among reports of its kind.
        public var id: Int
        /// Why it was reported.
        public var reason: String
        /// Who reported it.
        public var reporter: String
        /// The reported post's id (the comment's post for comment reports); nil for message reports.
        public var postId: Int?
        /// The reported comment's id, for comment reports.
        public var commentId: Int?
        /// The reported private message's id, for message reports.
        public var messageId: Int?
        /// The community's name; nil for message reports.
        public var community: String?
        /// The title or text as it was reported.
        public var originalText: String
        /// Whether a moderator resolved it.
        public var resolved: Bool
        /// When it was filed.
        public var created: Date
        /// Whether the reporter says it breaks the instance's rules (Lemmy 1.0): a report to the
        /// admins alone.
        public var breaksInstanceRules: Bool

        /// Makes a report line (tests build expected output with it).
        public init(
            kind: String, id: Int, reason: String, reporter: String, postId: Int?, commentId: Int?, messageId: Int? = nil,
            community: String?, originalText: String, resolved: Bool, created: Date, breaksInstanceRules: Bool = false
        ) {
            self.kind = kind
            self.id = id
            self.reason = reason
            self.reporter = reporter
            self.postId = postId
            self.commentId = commentId
            self.messageId = messageId
            self.community = community
            self.originalText = originalText
            self.resolved = resolved
            self.created = created
            self.breaksInstanceRules = breaksInstanceRules
        }
    }

    /// The reports, newest first.
    public var reports: [Report]

    /// Makes the output.
    public init(reports: [Report]) { self.reports = reports }
}
