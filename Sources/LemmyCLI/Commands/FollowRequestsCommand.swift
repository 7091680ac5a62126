import ArgumentParser
import Foundation
public import LemmyMiddleware

/// `lemmy follow-requests`: requests to follow the private communities the account moderates
/// (Lemmy 1.0), and their approval or denial.
struct FollowRequestsCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "follow-requests",
        abstract:
            "List requests to follow your private communities, or approve or deny one (Lemmy 1.0; needs `lemmy login` as a moderator or admin)."
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Decided requests too (accepted and denied follows).")
    var all = false

    @Flag(name: .long, help: "Every private community's requests, not only yours (admins).")
    var everyCommunity = false

    @Option(name: .long, help: "Approve the waiting request of the person with this name, then list.")
    var approve: String?

    @Option(name: .long, help: "Deny the waiting request of the person with this name, then list.")
    var deny: String?

    @Option(name: .long, help: "With --approve or --deny: the community's name, when the person asked to follow several.")
    var community: String?

    @Option(name: .long, help: "Requests per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    func validate() throws {
        guard approve == nil || deny == nil else { throw ValidationError("--approve and --deny exclude each other") }
        guard community == nil || approve != nil || deny != nil else { throw ValidationError("--community goes with --approve or --deny") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("reading follow requests")
        let api = session.client
        if let name = approve ?? deny {
            try await decide(name, approving: approve != nil, api: api, session: session)
        }
        let page = try await session.run("loading follow requests") {
            try await api.followRequests(waitingOnly: !all, allCommunities: everyCommunity, limit: limit)
        }
        let lines = page.items.map(FollowRequestOutput.init)
        if output.json {
            try JSONOutput.print(lines)
            return
        }
        let renderer = HumanRenderer.forTerminal()
        let heading = all ? "Follow requests" : "Waiting follow requests"
        Console.out(renderer.style.bold(heading) + renderer.style.dim(" (\(lines.count))"))
        for line in lines {
            let marker: String
            switch line.state {
            case FollowRequestState.accepted.rawValue: marker = renderer.style.green("✓ ")
            case FollowRequestState.denied.rawValue: marker = renderer.style.red("✗ ")
            default: marker = renderer.style.yellow("• ")
            }
            let warning = line.newInstance ? renderer.style.yellow("  first follower from their instance") : ""
            Console.out(
                marker + "u/" + HumanRenderer.name(line.follower) + " → " + renderer.style.cyan("c/" + HumanRenderer.name(line.community))
                    + renderer.style.dim(" (\(line.state))") + warning)
        }
    }

    /// Approves or denies the one waiting request of the person named `name` (in `community`,
    /// if given), among the first 50 waiting ones.
    @MainActor
    private func decide(_ name: String, approving: Bool, api: ApiClient, session: Session) async throws(CLIFailure) {
        let waiting = try await session.run("loading follow requests") {
            try await api.followRequests(waitingOnly: true, allCommunities: everyCommunity, limit: 50)
        }
        let matches = waiting.items.filter { request in
            request.follower.name.lowercased() == name.lowercased()
                && (community.map { request.community.name.lowercased() == $0.lowercased() } ?? true)
        }
        let place = community.map { " to follow c/\($0)" } ?? ""
        guard let request = matches.first else {
            throw CLIFailure("no waiting request from u/\(name)\(place) (among the oldest 50)", status: .software)
        }
        // Admins with --every-community see a request once per moderator: one request, many rows.
        guard matches.allSatisfy({ $0.id == request.id }) else {
            throw CLIFailure("u/\(name) asked to follow several communities: name one with --community", status: .usage)
        }
        let verb = approving ? "approving" : "denying"
        let result = approving ? await request.approve() : await request.deny()
        if case .failed(let error) = result {
            throw CLIFailure(error, action: "\(verb) u/\(name)'s request to follow c/\(request.community.name)", instance: session.instance)
        }
        Console.out("\(approving ? "Approved" : "Denied") u/\(name)'s request to follow c/\(request.community.name).")
    }
}

/// A follow request, as `lemmy follow-requests --json` prints it.
public struct FollowRequestOutput: Codable, Sendable, Equatable {
    /// The private community's name.
    public var community: String
    /// Its id on the instance.
    public var communityId: Int
    /// The name of the person asking.
    public var follower: String
    /// Their id on the instance.
    public var followerId: Int
    /// `waiting`, `accepted`, `denied` or `other`.
    public var state: String
    /// Whether no one from the follower's instance follows the community yet.
    public var newInstance: Bool

    /// The output of `follow-requests` for one request.
    @MainActor public init(_ request: FollowRequest) {
        community = request.community.name
        communityId = request.id.communityId
        follower = request.follower.name
        followerId = request.id.followerId
        state = request.state.rawValue
        newInstance = request.isNewInstance
    }
}
