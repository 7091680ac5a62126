import ArgumentParser
import LemmyMiddleware

/// `lemmy subscribe NAME`: subscribes to (or with --undo leaves) a community.
struct SubscribeCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Subscribe to a community; --undo unsubscribes.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The community name.")
    var name: String

    @Flag(name: .long, help: "Unsubscribe instead.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("subscribing")
        let community = try await session.run("loading c/\(name)") { try await session.client.getCommunity(name: name) }
        if community.subscription.isSubscribed == undo {
            try await community.toggleSubscribe()
                .orThrow(action: "\(undo ? "unsubscribing from" : "subscribing to") c/\(name)", instance: session.instance)
        }
        Console.out(
            "\(undo ? "Unsubscribed from" : "Subscribed to") c/\(name) (\(OutputMapping.subscription(community.subscription)), \(community.subscriberCount) subscribers)."
        )
    }
}
