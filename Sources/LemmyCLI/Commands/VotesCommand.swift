import ArgumentParser
import LemmyMiddleware

/// `lemmy votes POST`: who voted on a post, for its community's moderators and admins.
struct VotesCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "votes",
        abstract: "List who voted on a post (needs `lemmy login` as its community's moderator or an admin; Lemmy 0.19.4+).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The post's id.")
    var post: Int

    @Option(name: .long, help: "Votes per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("listing votes")
        let api = session.client
        let page = try await session.run("loading votes") { try await api.postVotes(postId: post, limit: limit) }
        let votes = page.items.map {
            VotesOutput.Vote(voter: $0.voter.name, upvote: $0.isUpvote, bannedFromCommunity: $0.isBannedFromCommunity)
        }
        if output.json {
            try JSONOutput.print(VotesOutput(postId: post, votes: votes))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        Console.out(renderer.style.bold("Votes on post #\(post)") + renderer.style.dim(" (\(votes.count))"))
        for vote in votes {
            let arrow = vote.upvote ? renderer.style.green("▲ ") : renderer.style.red("▼ ")
            Console.out(
                arrow + "u/" + HumanRenderer.name(vote.voter) + (vote.bannedFromCommunity ? renderer.style.dim(" (banned here)") : ""))
        }
    }
}

/// Who voted on a post, as `lemmy votes --json` prints it.
public struct VotesOutput: Codable, Sendable, Equatable {
    /// One vote.
    public struct Vote: Codable, Sendable, Equatable {
        /// The voter's name.
        public var voter: String
        /// Up (true) or down.
        public var upvote: Bool
        /// Whether the voter is banned from the post's community.
        public var bannedFromCommunity: Bool

        /// Makes a vote line (tests build expected output with it).
        public init(voter: String, upvote: Bool, bannedFromCommunity: Bool) {
            self.voter = voter
            self.upvote = upvote
            self.bannedFromCommunity = bannedFromCommunity
        }
    }

    /// The post.
    public var postId: Int
    /// Downvotes first, then in the order they were cast.
    public var votes: [Vote]

    /// Makes the output (tests build expected output with it).
    public init(postId: Int, votes: [Vote]) {
        self.postId = postId
        self.votes = votes
    }
}
