import ArgumentParser
import LemmyMiddleware

/// `lemmy reports`: the report queue of the communities the account moderates.
struct ReportsCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "List reports to moderate, or resolve one (needs `lemmy login` as a moderator or admin).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "post, comment, message (private messages; admins only) or community (Lemmy 1.0; admins only).")
    var type: ReportTypeOption = .post

    @Flag(name: .long, help: "Resolved reports too.")
    var all = false

    @Option(name: .long, help: "Community id: only its reports.")
    var community: Int?

    @Option(name: .long, help: "Reports per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    @Option(name: .long, help: "Resolve the report with this id (of --type), then list.")
    var resolve: Int?

    @Option(name: .long, help: "Open the report with this id (of --type) again, then list.")
    var reopen: Int?

    func validate() throws {
        guard resolve == nil || reopen == nil else { throw ValidationError("--resolve and --reopen exclude each other") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("reading the report queue")
        let api = session.client
        if let id = resolve ?? reopen {
            try await change(ReportId(type.kind, id), resolved: resolve != nil, api: api, session: session)
        }
        let page = try await session.run("loading reports") {
            try await api.reports(type.kind, unresolvedOnly: !all, communityId: community, limit: limit)
        }
        if output.json {
            try JSONOutput.print(ReportsOutput(reports: page.items.map(Self.output)))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        let heading = all ? "All \(type.rawValue) reports" : "Open \(type.rawValue) reports"
        Console.out(renderer.style.bold(heading) + renderer.style.dim(" (\(page.items.count))"))
        for report in page.items {
            let marker = report.isResolved ? renderer.style.dim("✓ ") : renderer.style.yellow("• ")
            let head = "#\(report.id.value) "
            let place =
                (report.community.map { "c/" + HumanRenderer.name($0.name) } ?? "private message")
                + (report.breaksInstanceRules ? " (instance rules)" : "")
            let reporter = " by u/" + HumanRenderer.name(report.reporter.name) + ": "
            // The reason is free text: what is left of the line, on that one line.
            let room = max(renderer.width - 2 - head.count - place.count - reporter.count, 20)
            Console.out(
                marker + renderer.style.dim(head) + renderer.style.cyan(place) + reporter
                    + TextFitting.truncate(report.reason, to: room))
            renderer.emit(TextFitting.wrap(report.originalText, width: renderer.width, indent: "    "))
        }
    }

    /// Resolves or reopens one report: it must be in the account's queue.
    @MainActor
    private func change(_ id: ReportId, resolved: Bool, api: ApiClient, session: Session) async throws(CLIFailure) {
        let queue = try await session.run("loading reports") { try await api.reports(type.kind, unresolvedOnly: false, limit: 50) }
        guard let report = queue.items.first(where: { $0.id == id }) else {
            throw CLIFailure("no \(type.rawValue) report #\(id.value) in your queue (of the newest 50)", status: .software)
        }
        let verb = resolved ? "resolving" : "reopening"
        if case .failed(let error) = await report.resolve(resolved) {
            throw CLIFailure(error, action: "\(verb) report #\(id.value)", instance: session.instance)
        }
    }

    @MainActor static func output(_ report: Report) -> ReportsOutput.Report {
        ReportsOutput.Report(
            kind: report.id.kind.rawValue, id: report.id.value, reason: report.reason, reporter: report.reporter.name,
            postId: report.post?.id, commentId: report.comment?.id, messageId: report.messageId, community: report.community?.name,
            originalText: report.originalText, resolved: report.isResolved, created: report.created,
            breaksInstanceRules: report.breaksInstanceRules)
    }
}

/// `--type`: which queue.
enum ReportTypeOption: String, ExpressibleByArgument, Sendable {
    case post, comment, message, community

    var kind: ReportKind {
        switch self {
        case .post: .post
        case .comment: .comment
        case .message: .privateMessage
        case .community: .community
        }
    }
}
