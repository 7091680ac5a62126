import ArgumentParser
import LemmyMiddleware

/// What `lemmy block` blocks.
enum BlockTarget: String, ExpressibleByArgument, CaseIterable, Sendable {
    case community, user
}

/// `lemmy block community|user NAME`: blocks (or with --undo unblocks).
struct BlockCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "block",
        abstract: "Block a community or a user; --undo unblocks.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "What to block.")
    var target: BlockTarget

    @Argument(help: "The community or user name.")
    var name: String

    @Flag(name: .long, help: "Unblock instead.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("blocking")
        let label = target == .community ? "c/\(name)" : "u/\(name)"
        let action = "\(undo ? "unblocking" : "blocking") \(label)"
        switch target {
        case .community:
            let community = try await session.run("loading \(label)") { try await session.client.getCommunity(name: name) }
            if community.blocked == undo { try await community.toggleBlock().orThrow(action: action, instance: session.instance) }
        case .user:
            try await session.loadAccountForBlocks()
            let person = try await session.run("loading \(label)") { try await session.client.getPerson(name: name) }
            if person.blocked == undo { try await person.toggleBlock().orThrow(action: action, instance: session.instance) }
        }
        Console.out("\(undo ? "Unblocked" : "Blocked") \(label).")
    }
}
