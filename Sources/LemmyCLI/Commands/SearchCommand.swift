import ArgumentParser
import LemmyMiddleware

/// `lemmy search QUERY`: posts, comments, communities and people.
struct SearchCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search posts, comments, communities and people.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "What to look for.")
    var query: String

    @Option(name: .long, help: "Results per kind (1–50).", transform: PageLimit.parse)
    var limit = 10

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let results = try await session.run("searching for “\(query)”") { try await session.client.search(query, limit: limit) }
        if output.json {
            try JSONOutput.print(
                SearchOutput(
                    posts: results.posts.map(OutputMapping.post),
                    comments: results.comments.map(OutputMapping.comment),
                    communities: results.communities.map { OutputMapping.community($0) },
                    people: results.people.map(OutputMapping.person)))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        let total = results.posts.count + results.comments.count + results.communities.count + results.people.count
        guard total > 0 else {
            Console.out("Nothing found for “\(query)”.")
            return
        }
        if !results.communities.isEmpty {
            Console.out(renderer.style.bold("Communities"))
            for community in results.communities {
                Console.out(
                    TextFitting.truncate(
                        "  c/\(community.name) — \(community.displayName) (\(community.subscriberCount) subscribers)", to: renderer.width))
            }
        }
        if !results.people.isEmpty {
            Console.out(renderer.style.bold("People"))
            for person in results.people {
                Console.out(TextFitting.truncate("  u/\(person.name) — \(person.displayName)", to: renderer.width))
            }
        }
        if !results.posts.isEmpty {
            Console.out(renderer.style.bold("Posts"))
            for post in results.posts { renderer.emit(renderer.postLines(post)) }
        }
        if !results.comments.isEmpty {
            Console.out(renderer.style.bold("Comments"))
            for comment in results.comments { renderer.emit(renderer.commentLines(comment, depth: 1)) }
        }
    }
}
