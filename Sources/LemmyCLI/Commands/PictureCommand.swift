import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy picture set|remove`: the account's avatar and banner, a community's icon and banner
/// (`--community NAME`), the site's (`--site`).
struct PictureCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "picture",
        abstract: "Set or remove the account's avatar or banner, a community's icon or banner, or the site's.",
        subcommands: [PictureSetCommand.self, PictureRemoveCommand.self])
}

/// Which picture a `lemmy picture` command changes.
struct PictureTarget: ParsableArguments, Sendable {
    /// The picture's kind as typed.
    enum Kind: String, ExpressibleByArgument, CaseIterable, Sendable {
        case avatar, banner, icon
    }

    @Argument(help: "avatar, banner or icon (icon: with --community or --site).")
    var kind: Kind

    @Option(name: .long, help: "A community you moderate (its icon or banner).")
    var community: String?

    @Flag(name: .long, help: "The site's icon or banner (admins, Lemmy 1.0).")
    var site = false

    func validate() throws {
        if community != nil && site { throw ValidationError("give --community or --site, not both") }
        if kind == .avatar && (community != nil || site) { throw ValidationError("only an account has an avatar: use icon") }
        if kind == .icon && community == nil && !site {
            throw ValidationError("an icon belongs to a community (--community) or the site (--site)")
        }
    }

    /// What the picture is called in messages, e.g. `c/technology's icon`.
    var label: String {
        let owner = community.map { "c/\($0)'s " } ?? (site ? "the site's " : "your ")
        return owner + (kind == .avatar ? "avatar" : kind.rawValue)
    }

    /// The slot, looking the community up by name if one was given.
    @MainActor
    func slot(in session: Session) async throws(CLIFailure) -> ImageSlot {
        if let community {
            let found = try await session.run("loading c/\(community)") { try await session.client.getCommunity(name: community) }
            return kind == .banner ? .communityBanner(communityId: found.id) : .communityIcon(communityId: found.id)
        }
        if site { return kind == .banner ? .siteBanner : .siteIcon }
        return kind == .banner ? .accountBanner : .avatar
    }
}

/// `lemmy picture set KIND FILE`.
struct PictureSetCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Upload FILE as the picture, e.g. `lemmy picture set avatar me.png`.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var target: PictureTarget

    @Argument(help: "The image file (PNG, JPEG or WebP; Lemmy 1.0 refuses GIFs here).")
    var file: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("setting a picture")
        let url = URL(fileURLWithPath: file)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let reason = CLIFailure.shorten(error.localizedDescription)
            throw CLIFailure("setting \(target.label) failed: cannot read \(file) (\(reason))", status: .usage)
        }
        let slot = try await target.slot(in: session)
        let image = try await session.run("setting \(target.label)") {
            try await session.client.setImage(slot, data: data, filename: url.lastPathComponent, mimeType: SubmitCommand.mimeType(of: url))
        }
        Console.out("Set \(target.label): \(image.url.absoluteString)")
    }
}

/// `lemmy picture remove KIND`.
struct PictureRemoveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove the picture.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var target: PictureTarget

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("removing a picture")
        let slot = try await target.slot(in: session)
        try await session.run("removing \(target.label)") { try await session.client.removeImage(slot) }
        Console.out("Removed \(target.label).")
    }
}
