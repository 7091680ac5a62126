public import ArgumentParser
public import LemmyMiddleware

extension MultiCommunityListing: ExpressibleByArgument {}
extension MultiCommunitySort: ExpressibleByArgument {}

/// `lemmy multi`: Lemmy 1.0's multi-communities (named lists of communities read as one feed,
/// with `lemmy feed --multi NAME`).
struct MultiCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "multi",
        abstract: "List, show, make and change multi-communities, lists of communities read as one feed (Lemmy 1.0).",
        discussion: "Read one's posts with `lemmy feed --multi NAME`.",
        subcommands: [
            MultiListCommand.self, MultiShowCommand.self, MultiCreateCommand.self, MultiAddCommand.self, MultiRemoveCommand.self,
            MultiFollowCommand.self, MultiDeleteCommand.self,
        ],
        defaultSubcommand: MultiListCommand.self)

    /// Prints `multi` as the commands show one: JSON, or a title line and a line of counts.
    @MainActor
    static func show(_ multi: some MultiCommunity1Providing, communities: [Community2]? = nil, output: OutputOptions) throws(CLIFailure) {
        if output.json {
            try JSONOutput.print(OutputMapping.multiCommunity(multi, communities: communities))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        renderer.emit(lines(multi, renderer))
        if let communities {
            for community in communities {
                renderer.emit(["  c/\(HumanRenderer.name(community.name)) " + renderer.style.dim(community.displayName)])
            }
            if communities.count < multi.communityCount {
                Console.out(renderer.style.dim("  (\(multi.communityCount - communities.count) more you do not see)"))
            }
        }
    }

    /// A title line and a dimmed line of counts.
    @MainActor
    static func lines(_ multi: some MultiCommunity1Providing, _ renderer: HumanRenderer) -> [String] {
        [
            renderer.style.bold("m/\(HumanRenderer.name(multi.name))") + " "
                + TextFitting.truncate(multi.displayName, to: max(10, renderer.width - multi.name.count - 3)),
            renderer.style.dim(
                "  id \(multi.id) · by \(HumanRenderer.name(multi.creator.name)) · "
                    + "\(multi.communityCount) communit\(multi.communityCount == 1 ? "y" : "ies") · "
                    + "\(multi.subscriberCount) follower\(multi.subscriberCount == 1 ? "" : "s") · "
                    + OutputMapping.subscription(multi.subscription)
                    + (multi.deleted ? " · deleted" : "")),
        ]
    }

    /// The multi-community named `name`, as the session's account sees it.
    @MainActor
    static func load(_ name: String, _ session: Session) async throws(CLIFailure) -> MultiCommunity2 {
        try await session.run("loading m/\(name)") { try await session.client.getMultiCommunity(name: name) }
    }
}

/// `lemmy multi [list]`: one page of multi-communities.
struct MultiListCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List multi-communities, one page at a time.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "Which: all, local, subscribed (those you follow).")
    var listing: MultiCommunityListing = .all

    @Option(name: .long, help: "The order: subscribers, local-subscribers, communities, new, old, name-ascending, name-descending.")
    var sort: MultiCommunitySort = .subscribers

    @Option(name: .long, help: "Words to find in names, titles and descriptions.")
    var search: String?

    @Option(name: .long, help: "Multi-communities per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        if listing == .subscribed { try session.requireLogin("listing the multi-communities you follow") }
        let page = try await session.run("loading multi-communities") {
            try await session.client.getMultiCommunities(listing: listing, sort: sort, search: search, limit: limit)
        }
        if output.json {
            try JSONOutput.print(
                MultiCommunitiesOutput(
                    instance: session.instance, listing: listing.rawValue, sort: sort.rawValue,
                    multiCommunities: page.items.map { OutputMapping.multiCommunity($0) }, hasMore: page.next != nil))
            return
        }
        guard !page.items.isEmpty else {
            Console.out("No multi-communities.")
            return
        }
        let renderer = HumanRenderer.forTerminal()
        for multi in page.items { renderer.emit(MultiCommand.lines(multi, renderer)) }
    }
}

/// `lemmy multi show NAME`: one multi-community and its communities.
struct MultiShowCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a multi-community and its communities.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Its name (name@instance for another instance's).")
    var name: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let multi = try await MultiCommand.load(name, session)
        try MultiCommand.show(multi, communities: multi.communities, output: output)
    }
}

/// `lemmy multi create NAME`: makes a multi-community the account then follows.
struct MultiCreateCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Make a multi-community (you follow it).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The name: 2 to 20 letters, digits and _.")
    var name: String

    @Option(name: .long, help: "The title.")
    var title: String?

    @Option(name: .long, help: "A one-line description (up to 150 characters).")
    var summary: String?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("making a multi-community")
        let multi = try await session.run("making m/\(name)") {
            try await session.client.createMultiCommunity(name: name, title: title, summary: summary)
        }
        try MultiCommand.show(multi, output: output)
    }
}

/// The arguments of `lemmy multi add` and `remove`.
struct MultiEntryArguments: ParsableArguments, Sendable {
    @Argument(help: "The multi-community's name.")
    var name: String

    @Argument(help: "The community's name (name@instance for a remote one).")
    var community: String

    /// Adds the community to the multi-community, or removes it, and shows the result.
    @MainActor
    func change(adding: Bool, client: ClientOptions, output: OutputOptions) async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("changing a multi-community")
        let multi = try await MultiCommand.load(name, session)
        let found = try await session.run("finding c/\(community)") { try await session.client.getCommunity(name: community) }
        let result = adding ? await multi.add(found) : await multi.remove(found)
        let action = adding ? "adding c/\(community) to m/\(name)" : "removing c/\(community) from m/\(name)"
        try result.orThrow(action: action, instance: session.instance)
        try MultiCommand.show(multi, communities: multi.communities, output: output)
    }
}

/// `lemmy multi add NAME COMMUNITY`.
struct MultiAddCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a community to your multi-community.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var entry: MultiEntryArguments

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        try await entry.change(adding: true, client: client, output: output)
    }
}

/// `lemmy multi remove NAME COMMUNITY`.
struct MultiRemoveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a community from your multi-community.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var entry: MultiEntryArguments

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        try await entry.change(adding: false, client: client, output: output)
    }
}

/// `lemmy multi follow NAME [--undo]`.
struct MultiFollowCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a multi-community, or stop with --undo.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Its name.")
    var name: String

    @Flag(name: .long, help: "Stop following it.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("following a multi-community")
        let multi = try await MultiCommand.load(name, session)
        if multi.subscription.isSubscribed == undo {
            try await multi.toggleSubscribe().orThrow(action: "\(undo ? "unfollowing" : "following") m/\(name)", instance: session.instance)
        }
        try MultiCommand.show(multi, output: output)
    }
}

/// `lemmy multi delete NAME [--undo]`.
struct MultiDeleteCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete your multi-community, or restore it with --undo (Lemmy still lists deleted ones).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Its name.")
    var name: String

    @Flag(name: .long, help: "Restore it.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("deleting a multi-community")
        let multi = try await MultiCommand.load(name, session)
        try await multi.setDeleted(!undo).orThrow(action: "\(undo ? "restoring" : "deleting") m/\(name)", instance: session.instance)
        try MultiCommand.show(multi, output: output)
    }
}
