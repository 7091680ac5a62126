import ArgumentParser
import LemmyMiddleware

/// `lemmy mod add|remove|transfer COMMUNITY USER`: a community's moderators.
struct ModCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "mod",
        abstract: "Appoint or dismiss a community's moderators, or hand the community to one of them.",
        subcommands: [ModAddCommand.self, ModRemoveCommand.self, ModTransferCommand.self])

    /// The community and the person the subcommands name, read from the server.
    @MainActor
    static func resolve(_ session: Session, community: String, user: String) async throws(CLIFailure) -> (Community3, Person3) {
        let community = try await session.run("loading c/\(community)") { try await session.client.getCommunity(name: community) }
        let person = try await session.run("loading u/\(user)") { try await session.client.getPerson(name: user) }
        return (community, person)
    }

    /// `c/NAME moderators: a, b, c`, longest serving first.
    @MainActor
    static func moderatorLine(_ community: String, _ moderators: [Person1]) -> String {
        let names = moderators.map { HumanRenderer.name($0.name) }
        return "c/\(HumanRenderer.name(community)) moderators: " + (names.isEmpty ? "none" : names.joined(separator: ", "))
    }
}

/// The arguments every `lemmy mod` subcommand takes.
struct ModArguments: ParsableArguments, Sendable {
    @OptionGroup var client: ClientOptions

    @Argument(help: "The community, e.g. swift or swift@lemmy.example.")
    var community: String

    @Argument(help: "The user, e.g. alice or alice@lemmy.example.")
    var user: String
}

/// `lemmy mod add COMMUNITY USER`.
struct ModAddCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Appoint a moderator (moderators and admins).")

    @OptionGroup var arguments: ModArguments

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await ModChange.setModerator(arguments, true) }
    }
}

/// `lemmy mod remove COMMUNITY USER`.
struct ModRemoveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Dismiss a moderator, or leave as one (a moderator appointed earlier, or an admin, may dismiss).")

    @OptionGroup var arguments: ModArguments

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await ModChange.setModerator(arguments, false) }
    }
}

/// `lemmy mod transfer COMMUNITY USER`.
struct ModTransferCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "Hand the community to one of its moderators, who becomes the top moderator (the top moderator or an admin).")

    @OptionGroup var arguments: ModArguments

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(arguments.client)
        try session.requireLogin("transferring a community")
        let (community, person) = try await ModCommand.resolve(session, community: arguments.community, user: arguments.user)
        let changed = try await session.run("transferring c/\(arguments.community) to u/\(arguments.user)") {
            try await session.client.transferCommunity(community.id, to: person.id)
        }
        Console.out("Handed c/\(HumanRenderer.name(community.name)) to u/\(HumanRenderer.name(person.name)).")
        Console.out(ModCommand.moderatorLine(community.name, changed.moderators))
    }
}

/// The appointment and dismissal `lemmy mod add` and `remove` share.
enum ModChange {
    @MainActor
    static func setModerator(_ arguments: ModArguments, _ appoint: Bool) async throws(CLIFailure) {
        let session = try Session(arguments.client)
        try session.requireLogin(appoint ? "appointing a moderator" : "dismissing a moderator")
        let (community, person) = try await ModCommand.resolve(session, community: arguments.community, user: arguments.user)
        let action = "\(appoint ? "appointing" : "dismissing") u/\(arguments.user) in c/\(arguments.community)"
        let moderators = try await session.run(action) { try await session.client.setModerator(person.id, of: community.id, appoint) }
        let who = "u/\(HumanRenderer.name(person.name))"
        Console.out(appoint ? "Appointed \(who) a moderator." : "\(who) is no longer a moderator.")
        Console.out(ModCommand.moderatorLine(community.name, moderators))
    }
}
