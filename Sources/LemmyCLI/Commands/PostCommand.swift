public import ArgumentParser
import LemmyMiddleware

extension CommentSortType: ExpressibleByArgument {}

/// `lemmy post ID`: one post and its comment tree.
struct PostCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Show a post with its comment tree.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The post id.")
    var id: Int

    @Option(name: .long, help: "The deepest reply level to show (0: top-level comments only).")
    var depth: Int?

    @Option(name: .long, help: "The order of the comments.")
    var sort: CommentSortType = .hot

    @Option(name: .long, help: "How many comments to fetch (1–50).", transform: PageLimit.parse)
    var limit = 50

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let post = try await session.run("loading post \(id)") { try await session.client.getPost(id: id) }
        let page = try await session.run("loading the comments of post \(id)") {
            try await session.client.getComments(postId: id, sort: sort, limit: limit)
        }
        let tree = CommentTree.ordered(page.items, maxDepth: depth)
        if output.json {
            try JSONOutput.print(PostDetailOutput(post: OutputMapping.post(post), comments: tree.map { OutputMapping.comment($0.comment) }))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        renderer.emit(renderer.postDetail(post))
        Console.out("")
        Console.out(renderer.style.dim("\(post.commentCount) comments" + (tree.count < post.commentCount ? ", showing \(tree.count)" : "")))
        for (comment, level) in tree {
            renderer.emit(renderer.commentLines(comment, depth: level))
        }
    }
}
