import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy ban NAME`: bans a user from the instance (admins), or with `--community` from one
/// community (its moderators and admins); `--undo` lifts the ban.
struct BanCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "ban",
        abstract: "Ban a user from the instance (admins) or from a community (--community); --undo lifts the ban.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The user name, e.g. alice or alice@lemmy.example.")
    var name: String

    @Option(name: .long, help: "Ban from this community only, e.g. swift or swift@lemmy.example (its moderators and admins).")
    var community: String?

    @Option(name: .long, help: "The reason, shown in the modlog.")
    var reason: String?

    @Option(name: .long, help: "End the ban after this many days, at most 3650 (default: never).")
    var days: Int?

    @Flag(
        name: .long,
        help: """
            Also remove the user's posts and comments (with --community, those there; Lemmy 0.18 and 0.19 remove at most 10 \
            comments a ban). With --undo, Lemmy 1.0 restores them; 0.18 and 0.19 remove them again.
            """)
    var removeContent = false

    @Flag(name: .long, help: "Lift the ban instead.")
    var undo = false

    func validate() throws {
        // Lemmy 0.19 and 1.0 make a ban of more than ten years permanent: leave --days out for one.
        if let days, !(1...3_650).contains(days) { throw ValidationError("--days must be between 1 and 3650.") }
        if undo && days != nil { throw ValidationError("--days goes with a ban, not with --undo.") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("banning")
        let label = "u/\(name)"
        let person = try await session.run("loading \(label)") { try await session.client.getPerson(name: name) }
        let expiry = days.map { Date().addingTimeInterval(Double($0) * 86_400) }
        if let community {
            try await banFromCommunity(community, person: person, expiry: expiry, session: session)
            return
        }
        try await person.banFromInstance(!undo, reason: reason, removingContent: removeContent, until: expiry)
            .orThrow(action: "\(undo ? "unbanning" : "banning") \(label)", instance: session.instance)
        // The end the server confirmed, not the one asked for.
        Console.out(
            undo ? "Lifted the ban on \(label)." : "Banned \(label) from the instance\(ModeratorActionText.until(person.banExpires)).")
    }

    @MainActor
    private func banFromCommunity(_ name: String, person: Person3, expiry: Date?, session: Session) async throws(CLIFailure) {
        let label = "u/\(self.name)"
        let community = try await session.run("loading c/\(name)") { try await session.client.getCommunity(name: name) }
        try await session.run("\(undo ? "unbanning" : "banning") \(label) from c/\(name)") {
            try await session.client.banFromCommunity(
                person.id, from: community.id, !undo, reason: reason, removingContent: removeContent, until: expiry)
        }
        Console.out(
            undo ? "Lifted the ban on \(label) in c/\(name)." : "Banned \(label) from c/\(name)\(ModeratorActionText.until(expiry)).")
    }
}
