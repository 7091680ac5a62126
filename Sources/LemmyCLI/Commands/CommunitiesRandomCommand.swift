import ArgumentParser
import LemmyMiddleware

/// `lemmy communities random`: a community the server picks at random (Lemmy 1.0).
struct CommunitiesRandomCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "random", abstract: "Show a community the server picks at random (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Only this instance's communities.")
    var local = false

    @Flag(name: .long, help: "NSFW communities may be picked too.")
    var nsfw = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let community = try await session.run("picking a random community") {
            try await session.client.randomCommunity(localOnly: local, showNSFW: nsfw)
        }
        if output.json {
            try JSONOutput.print(OutputMapping.community(community))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        renderer.emit(renderer.communityLines(community, moderators: []))
    }
}
