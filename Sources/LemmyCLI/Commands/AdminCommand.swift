import ArgumentParser
import LemmyMiddleware

/// `lemmy admin add|remove USER`, `lemmy admin leave`: the instance's admins; `lemmy admin
/// block-instance|allow-instance DOMAIN`: its federation lists; `lemmy admin site`: its settings;
/// `lemmy admin taglines`: its taglines.
struct AdminCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract:
            "Appoint or dismiss the instance's admins (admins), or stop being one; block or allow instances; show or change the site's settings and taglines.",
        subcommands: [
            AdminAddCommand.self, AdminRemoveCommand.self, AdminLeaveCommand.self, AdminBlockInstanceCommand.self,
            AdminAllowInstanceCommand.self, AdminSiteCommand.self, AdminTaglinesCommand.self,
        ])

    /// `admins: a, b`, longest serving first.
    static func adminLine(_ admins: [String]) -> String {
        "admins: " + (admins.isEmpty ? "none" : admins.map(HumanRenderer.name).joined(separator: ", "))
    }

    @MainActor
    static func setAdmin(_ client: ClientOptions, user: String, _ appoint: Bool) async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin(appoint ? "appointing an admin" : "dismissing an admin")
        let person = try await session.run("loading u/\(user)") { try await session.client.getPerson(name: user) }
        let admins = try await session.run("\(appoint ? "appointing" : "dismissing") u/\(user)") {
            try await session.client.setAdmin(person.id, appoint)
        }
        let who = "u/\(HumanRenderer.name(person.name))"
        Console.out(appoint ? "Appointed \(who) an admin." : "\(who) is no longer an admin.")
        Console.out(adminLine(admins.map(\.name)))
    }
}

/// `lemmy admin add USER`.
struct AdminAddCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Appoint an admin.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The user, who must have an account on this instance (Lemmy 0.18 takes anyone).")
    var user: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await AdminCommand.setAdmin(client, user: user, true) }
    }
}

/// `lemmy admin remove USER`.
struct AdminRemoveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Dismiss an admin appointed after you (Lemmy 0.19 and later keep earlier ones).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The user.")
    var user: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await AdminCommand.setAdmin(client, user: user, false) }
    }
}

/// `lemmy admin leave`.
struct AdminLeaveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "leave", abstract: "Stop being an admin (not the only one).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("leaving the admins")
        try await session.run("leaving the admins") { try await session.client.leaveAdmin() }
        Console.out("You are no longer an admin of \(session.instance).")
    }
}
