import ArgumentParser
import LemmyMiddleware

/// `lemmy voted [--down] [--comments]`: what the account voted on (Lemmy 0.19+).
struct VotedCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "voted",
        abstract: "List the posts (or --comments) the account upvoted, or --down downvoted (Lemmy 0.19+).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Downvotes instead of upvotes.")
    var down = false

    @Flag(name: .long, help: "Comments instead of posts.")
    var comments = false

    @Option(name: .long, help: "Items to list (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("listing votes")
        let vote: ScoringOperation = down ? .downvote : .upvote
        let page = try await session.run("loading \(down ? "downvoted" : "upvoted") \(comments ? "comments" : "posts")") {
            try await session.client.getVoted(vote, comments: comments, limit: limit, cursor: nil)
        }
        AccountListPrinter.print(
            list: down ? "downvoted" : "upvoted", items: page.items, hasMore: page.next != nil, json: output.json)
    }
}

/// `lemmy history [--hidden]`: the posts the account read, or hid (Lemmy 1.0).
struct HistoryCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the posts the account read, latest first, or --hidden the ones it hid (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Hidden posts instead of read ones.")
    var hidden = false

    @Option(name: .long, help: "Posts to list (1–50).", transform: PageLimit.parse)
    var limit = 20

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("listing the account's posts")
        let api = session.client
        let page = try await session.run(hidden ? "loading hidden posts" : "loading read posts") {
            hidden ? try await api.getHiddenPosts(limit: limit, cursor: nil) : try await api.getReadPosts(limit: limit, cursor: nil)
        }
        AccountListPrinter.print(
            list: hidden ? "hidden" : "read", items: page.items.map(PostOrComment.post), hasMore: page.next != nil, json: output.json)
    }
}

/// Prints one of the account's lists as text or `--json`.
enum AccountListPrinter {
    @MainActor
    static func print(list: String, items: [PostOrComment], hasMore: Bool, json: Bool) {
        var posts: [PostOutput] = []
        var comments: [CommentOutput] = []
        for item in items {
            switch item {
            case .post(let post): posts.append(OutputMapping.post(post))
            case .comment(let comment): comments.append(OutputMapping.comment(comment))
            }
        }
        if json {
            do {
                try JSONOutput.print(AccountListOutput(list: list, posts: posts, comments: comments, hasMore: hasMore))
            } catch {
                Console.err("lemmy: \(error.message)")
            }
            return
        }
        let renderer = HumanRenderer.forTerminal()
        guard !items.isEmpty else {
            Console.out("Nothing \(list).")
            return
        }
        for item in items {
            switch item {
            case .post(let post): renderer.emit(renderer.postLines(post))
            case .comment(let comment): renderer.emit(renderer.commentLines(comment, depth: 1))
            }
        }
    }
}

/// One of the account's lists (`lemmy voted`, `lemmy history`) as `--json` prints it.
public struct AccountListOutput: Codable, Sendable, Equatable {
    /// `upvoted`, `downvoted`, `read` or `hidden`.
    public var list: String
    /// The posts, in the server's order.
    public var posts: [PostOutput]
    /// The comments, in the server's order.
    public var comments: [CommentOutput]
    /// Whether the server named a next page (0.19 names one after any page that is not empty).
    public var hasMore: Bool

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(list: String, posts: [PostOutput], comments: [CommentOutput], hasMore: Bool) {
        self.list = list
        self.posts = posts
        self.comments = comments
        self.hasMore = hasMore
    }
}
