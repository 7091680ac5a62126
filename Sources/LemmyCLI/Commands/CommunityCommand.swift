import ArgumentParser
import LemmyMiddleware

/// `lemmy community NAME`: a community's card.
struct CommunityCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "community",
        abstract: "Show a community (use `lemmy feed --community NAME` for its posts).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The community name, e.g. swift or swift@lemmy.ml.")
    var name: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let community = try await session.run("loading c/\(name)") { try await session.client.getCommunity(name: name) }
        if output.json {
            try JSONOutput.print(OutputMapping.community(community, moderators: community.moderators))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        renderer.emit(renderer.communityLines(community, moderators: community.moderators))
    }
}
