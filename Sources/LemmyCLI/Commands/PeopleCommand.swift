public import ArgumentParser
import Foundation
public import LemmyMiddleware

extension PersonSortType: ExpressibleByArgument {}

/// `lemmy people`: one page of Lemmy 1.0's list of people, optionally searched.
struct PeopleCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "people", abstract: "List people, newest first or by score, optionally searched (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "The order: new, old, post-score, comment-score.")
    var sort: PersonSortType = .new

    @Option(name: .long, help: "Only people whose name, display name, actor id or bio match (any case; a space matches anything).")
    var search: String?

    @Flag(name: .long, help: "With --search, leave the bio out of the match.")
    var namesOnly = false

    @Flag(name: .long, help: "Only this instance's people.")
    var local = false

    @Option(name: .long, help: "People per page (1–50).", transform: PageLimit.parse)
    var limit = 20

    @Option(name: .long, help: "The page to show (1 is the first).")
    var page = 1

    func validate() throws {
        guard (1...10_000).contains(page) else { throw ValidationError("--page must be between 1 and 10000") }
        if namesOnly && search == nil { throw ValidationError("--names-only needs --search.") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let (people, hasMore) = try await PageWalk.page(page, of: "the people", in: session) { cursor in
            try await session.client.getPeople(
                localOnly: local, sort: sort, search: search, namesOnly: namesOnly, limit: limit, cursor: cursor)
        }
        if output.json {
            try JSONOutput.print(
                PeopleOutput(
                    instance: session.instance, sort: sort.rawValue, search: search, people: people.map { OutputMapping.person($0) },
                    hasMore: hasMore))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        if people.isEmpty {
            Console.out("No people.")
            return
        }
        for person in people {
            var facts = ["id \(person.id)", "\(person.postCount) posts", "\(person.commentCount) comments"]
            if person.isAdmin { facts.append("admin") }
            if person.isBanned { facts.append("banned") }
            if person.blocked { facts.append("blocked") }
            let name = "u/" + HumanRenderer.name(person.name)
            renderer.emit([
                renderer.style.bold(name) + " "
                    + TextFitting.truncate(person.displayName, to: max(10, renderer.width - name.count - 1)),
                renderer.style.dim("  " + facts.joined(separator: " · ")),
            ])
        }
        if hasMore {
            var more = "more: lemmy people --sort \(sort.rawValue)"
            if local { more += " --local" }
            if search != nil { more += " --search …" + (namesOnly ? " --names-only" : "") }
            if limit != 20 { more += " --limit \(limit)" }
            Console.out(renderer.style.dim(more + " --page \(page + 1)"))
        }
    }
}
