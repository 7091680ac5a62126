import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy admin block-instance DOMAIN --reason R [--days N] [--undo]`: the federation blocklist
/// (admins; a block's end needs Lemmy 1.0).
struct AdminBlockInstanceCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "block-instance",
        abstract: "Stop federating with an instance, or with --undo start again (admins; --days needs Lemmy 1.0).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The instance's domain, e.g. spam.example.")
    var domain: String

    @Option(name: .long, help: "Why (shown in the modlog).")
    var reason: String

    @Option(name: .long, help: "Block for this many days (default: for good).")
    var days: Int?

    @Flag(name: .long, help: "Lift the block instead.")
    var undo = false

    func validate() throws {
        if let days, days < 1 || days > 3_650 { throw ValidationError("--days takes 1 to 3650") }
        if undo, days != nil { throw ValidationError("--days is for a block, not for lifting one") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("changing the federation blocklist")
        let until = days.map { Date().addingTimeInterval(Double($0) * 86_400) }
        let instance = try await session.run("\(undo ? "unblocking" : "blocking") \(domain)") {
            try await session.client.setFederationBlocked(domain, !undo, reason: reason, until: until)
        }
        let name = HumanRenderer.name(instance.domain)
        if undo {
            Console.out("\(session.instance) federates with \(name) again.")
        } else {
            let end = instance.blockExpires.map { " until \($0.formatted(.iso8601))" } ?? ""
            Console.out("\(session.instance) no longer federates with \(name)\(end).")
        }
    }
}

/// `lemmy admin allow-instance DOMAIN --reason R [--undo]`: the federation allowlist (admins).
struct AdminAllowInstanceCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "allow-instance",
        abstract: "Add an instance to the allowlist, the only ones federated with, or with --undo take it off (admins).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The instance's domain, e.g. friend.example.")
    var domain: String

    @Option(name: .long, help: "Why (shown in the modlog).")
    var reason: String

    @Flag(name: .long, help: "Take it off the allowlist instead.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("changing the federation allowlist")
        let instance = try await session.run("\(undo ? "disallowing" : "allowing") \(domain)") {
            try await session.client.setFederationAllowed(domain, !undo, reason: reason)
        }
        let name = HumanRenderer.name(instance.domain)
        Console.out(undo ? "Took \(name) off the allowlist." : "Added \(name) to the allowlist.")
    }
}
