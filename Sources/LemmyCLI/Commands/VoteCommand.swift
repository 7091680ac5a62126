import ArgumentParser
import LemmyMiddleware

/// A vote as typed on the command line.
enum VoteDirection: String, ExpressibleByArgument, CaseIterable, Sendable {
    case up, down, none

    var operation: ScoringOperation {
        switch self {
        case .up: .upvote
        case .down: .downvote
        case .none: .none
        }
    }
}

/// `lemmy vote ID up|down|none`: sets the account's vote on a post or comment.
struct VoteCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "vote",
        abstract: "Vote on a post (or a comment with --comment): up, down or none.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The post id (or comment id with --comment).")
    var id: Int

    @Argument(help: "The vote to leave.")
    var direction: VoteDirection

    @Flag(name: .long, help: "ID is a comment id.")
    var comment = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("voting")
        let wanted = direction.operation
        let kind = comment ? "comment" : "post"
        let action = "voting \(direction.rawValue) on \(kind) \(id)"
        let votes: VotesModel
        if comment {
            let model = try await session.run("loading comment \(id)") { try await session.client.getComment(id: id) }
            try await Self.apply(
                wanted, current: model.votes.myVote,
                up: { await model.toggleUpvote() }, down: { await model.toggleDownvote() }
            )
            .orThrow(action: action, instance: session.instance)
            votes = model.votes
            if output.json {
                try JSONOutput.print(OutputMapping.comment(model))
                return
            }
        } else {
            let model = try await session.run("loading post \(id)") { try await session.client.getPost(id: id) }
            try await Self.apply(
                wanted, current: model.votes.myVote,
                up: { await model.toggleUpvote() }, down: { await model.toggleDownvote() }
            )
            .orThrow(action: action, instance: session.instance)
            votes = model.votes
            if output.json {
                try JSONOutput.print(OutputMapping.post(model))
                return
            }
        }
        Console.out("Voted \(direction.rawValue) on \(kind) \(id): score \(votes.total) (\(votes.upvotes) up, \(votes.downvotes) down).")
    }

    /// Reaches `wanted` with the models' toggles: a toggle removes the same vote or sets the
    /// other, so at most one call is needed from any state.
    @MainActor
    static func apply(
        _ wanted: ScoringOperation, current: ScoringOperation,
        up: () async -> MutationResult, down: () async -> MutationResult
    ) async -> MutationResult {
        guard wanted != current else { return .unchanged }
        switch wanted {
        case .upvote: return await up()
        case .downvote: return await down()
        case .none: return current == .upvote ? await up() : await down()
        }
    }
}
