import ArgumentParser
import LemmyMiddleware

/// What `lemmy report` reports.
enum ReportTarget: String, ExpressibleByArgument, CaseIterable, Sendable {
    case post, comment, community
}

/// `lemmy report post|comment ID` or `lemmy report community NAME`, with `--reason`: files a
/// report (posts and comments to the community's moderators, or with `--to-admins` to the
/// instance's admins; a community to the admins; both on Lemmy 1.0).
struct ReportCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report a post or comment to its moderators, or a community to the admins (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "What to report.")
    var target: ReportTarget

    @Argument(help: "The post or comment id, or the community's name.")
    var item: String

    @Option(name: .long, help: "Why (required; at most 1,000 characters).")
    var reason: String

    @Flag(name: .long, help: "A post or comment that breaks the instance's rules: to the admins alone (Lemmy 1.0).")
    var toAdmins = false

    func validate() throws {
        if target != .community, Int(item) == nil { throw ValidationError("a \(target.rawValue) is named by its id, a number") }
        if target == .community, toAdmins { throw ValidationError("a community report always goes to the admins; leave out --to-admins") }
        if reason.allSatisfy(\.isWhitespace) { throw ValidationError("--reason needs some text") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("reporting")
        let api = session.client
        let label =
            switch target {
            case .post: "post #\(item)"
            case .comment: "comment #\(item)"
            case .community: "c/\(item)"
            }
        let action = "reporting \(label)"
        switch target {
        case .post:
            let post = try await session.run(action) { try await api.getPost(id: Int(item) ?? 0) }
            try await session.run(action) { try await post.report(reason: reason, breaksInstanceRules: toAdmins) }
        case .comment:
            let comment = try await session.run(action) { try await api.getComment(id: Int(item) ?? 0) }
            try await session.run(action) { try await comment.report(reason: reason, breaksInstanceRules: toAdmins) }
        case .community:
            let community = try await session.run(action) { try await api.getCommunity(name: item) }
            try await session.run(action) { try await community.report(reason: reason) }
        }
        Console.out("Reported \(HumanRenderer.name(label)).")
    }
}
