public import ArgumentParser
import Foundation
public import LemmyMiddleware

extension CommunityListingType: ExpressibleByArgument {}

extension CommunitySortType: ExpressibleByArgument {
    /// `hot`, `new`, `top-week`, `name-asc`, ... (see ``CommunitySortType/name``).
    public init?(argument: String) { self.init(name: argument) }
    /// Every sort's name, for help and completion.
    public static var allValueStrings: [String] { allCases.map(\.name) }
    /// The name, as the default value shows in help.
    public var defaultValueDescription: String { name }
}

/// `lemmy communities`: list communities; `create`, `hide` and `random` subcommands.
struct CommunitiesCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "communities",
        abstract: "List communities (all, local, subscribed, moderator-view); create, hide or pick one at random.",
        subcommands: [
            CommunitiesListCommand.self, CommunitiesCreateCommand.self, CommunitiesHideCommand.self, CommunitiesRandomCommand.self,
        ],
        defaultSubcommand: CommunitiesListCommand.self)
}

/// `lemmy communities [list]`: one page of a community listing.
struct CommunitiesListCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List communities, one page at a time.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "Which communities: all, local, subscribed, moderator-view (1.0 and later).")
    var listing: CommunityListingType = .all

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The order. 0.18/0.19 use post sorts (hot, active, new, top-week, ...); 1.0 its own (hot, new, name-asc, subscribers, active-monthly, ...).",
            valueName: "sort"))
    var sort: CommunitySortType = .hot

    @Option(name: .long, help: "Communities per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    @Option(name: .long, help: "The page to show (1 is the first).")
    var page = 1

    func validate() throws {
        guard (1...10_000).contains(page) else { throw ValidationError("--page must be between 1 and 10000") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        if listing == .subscribed || listing == .moderatorView { try session.requireLogin("listing \(listing.rawValue) communities") }
        let (communities, hasMore) = try await PageWalk.page(page, of: "the communities", in: session) { cursor in
            try await session.client.getCommunities(listing: listing, sort: sort, limit: limit, cursor: cursor)
        }
        if output.json {
            try JSONOutput.print(
                CommunitiesOutput(
                    instance: session.instance, listing: listing.rawValue, sort: sort.name,
                    communities: communities.map { OutputMapping.community($0) }, hasMore: hasMore))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        if communities.isEmpty {
            Console.out("No communities.")
            return
        }
        for community in communities {
            renderer.emit([
                renderer.style.bold("c/\(community.name)") + " "
                    + TextFitting.truncate(community.displayName, to: max(10, renderer.width - community.name.count - 3)),
                renderer.style.dim(
                    "  id \(community.id) · \(community.subscriberCount) subscribers · \(community.postCount) posts · "
                        + OutputMapping.subscription(community.subscription) + (community.nsfw ? " · nsfw" : "")),
            ])
        }
        if hasMore {
            let size = limit == 20 ? "" : " --limit \(limit)"
            Console.out(
                renderer.style.dim("more: lemmy communities --listing \(listing.rawValue) --sort \(sort.name)\(size) --page \(page + 1)"))
        }
    }
}

/// `lemmy communities create NAME`: creates a community the account then moderates.
struct CommunitiesCreateCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a community (you become its moderator).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The name: lower-case letters, digits and _.")
    var name: String

    @Option(name: .long, help: "The title (default: the name).")
    var title: String?

    @Option(name: .long, help: "The sidebar text (Markdown).")
    var description: String?

    @Flag(name: .long, help: "Mark it NSFW.")
    var nsfw = false

    @Flag(name: .long, help: "Only moderators may post.")
    var restricted = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("creating a community")
        let details = CommunityDetails(title: title, description: description, nsfw: nsfw, onlyModeratorsCanPost: restricted)
        let community = try await session.run("creating c/\(name)") { try await session.client.createCommunity(name: name, details) }
        if output.json {
            try JSONOutput.print(OutputMapping.community(community))
            return
        }
        Console.out("Created c/\(HumanRenderer.name(community.name)) (id \(community.id)).")
    }
}

/// `lemmy communities hide NAME`: an admin hides a community from listings (Lemmy 0.19 only; 1.0
/// replaced hiding with the visibility `unlisted`).
struct CommunitiesHideCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "hide",
        abstract: "Hide a community from listings (admins; Lemmy 0.19 only); --undo shows it.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The community name.")
    var name: String

    @Option(name: .long, help: "Why, for the modlog.")
    var reason: String?

    @Flag(name: .long, help: "Show it again.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("hiding a community")
        let community = try await session.run("loading c/\(name)") { try await session.client.getCommunity(name: name) }
        try await session.run("\(undo ? "showing" : "hiding") c/\(name)") {
            try await session.client.hideCommunity(id: community.id, hidden: !undo, reason: reason)
        }
        Console.out("\(undo ? "Shown" : "Hidden"): c/\(name).")
    }
}
