import ArgumentParser
import FeedLoading
import Foundation
import LemmyMiddleware

/// `lemmy modlog [--community NAME]`: the newest moderator actions of the instance or one
/// community, in date order on every version (through ``ModlogFeed``, which merges the per-kind
/// pages of 0.18 and 0.19).
struct ModlogCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "modlog", abstract: "Show the newest moderator actions of the instance or one community.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "Only this community's actions.")
    var community: String?

    @Option(name: .long, help: "Entries to show (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let api = session.client
        var communityId: Int?
        if let community {
            communityId = try await session.run("loading c/\(community)") { try await api.getCommunity(name: community) }.id
        }
        let feed = ModlogFeed(api: api, query: ModlogFeedQuery(communityId: communityId, pageSize: limit))
        // A log of what moderators did keeps the communities the account blocked.
        feed.setFilterEnabled(.blocked, false)
        await feed.loadMore()
        if let error = feed.loadingState.error {
            try await session.run("loading the modlog") { throw error }
        }
        let entries = Array(feed.items.prefix(limit))
        if output.json {
            try JSONOutput.print(
                ModlogOutput(
                    instance: session.instance, community: community,
                    entries: entries.map {
                        ModlogOutput.Entry(
                            id: $0.id, date: $0.date, action: OutputMapping.moderatorAction($0), person: $0.targetPerson?.name)
                    }))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        if entries.isEmpty {
            Console.out("No moderator actions.")
            return
        }
        for entry in entries {
            let when = entry.date.formatted(date: .abbreviated, time: .shortened)
            let line = "\(when)  \(ModeratorActionText.actor(entry)) \(ModeratorActionText.logPhrase(entry))"
            Console.out(TextFitting.truncate(line, to: renderer.width))
            if let reason = entry.reason, !reason.isEmpty {
                renderer.emit(TextFitting.wrap("reason: " + reason, width: renderer.width, indent: "    "))
            }
        }
    }
}
