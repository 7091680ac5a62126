import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy settings`: show the account's settings; `set key=value ...` changes them.
struct SettingsCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the account's settings; `set key=value ...` changes them, `export` and `import` back them up.",
        subcommands: [SettingsShowCommand.self, SettingsSetCommand.self, SettingsExportCommand.self, SettingsImportCommand.self],
        defaultSubcommand: SettingsShowCommand.self)
}

/// `lemmy settings [show]`.
struct SettingsShowCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the account's settings.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("reading the settings")
        let account = try await session.run("loading the account") { try await session.client.loadAccount() }
        guard let settings = account.settings else {
            throw CLIFailure("reading the settings failed: \(session.instance) sent none", status: .badData)
        }
        SettingsPrinter.print(settings, json: output.json)
    }
}

/// `lemmy settings set key=value ...`.
struct SettingsSetCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change settings: key=value, e.g. show-nsfw=true default-sort=top-week display-name=\"Ada\" bio=",
        discussion:
            "Keys: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", ")). Booleans take true/false; an empty value clears a text or image; languages take ids (languages=0,37)."
    )

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "key=value pairs.")
    var assignments: [String]

    func validate() throws {
        guard !assignments.isEmpty else { throw ValidationError("give at least one key=value") }
        var scratch = AccountSettings()
        for assignment in assignments { try SettingKey.apply(assignment, to: &scratch) }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("changing the settings")
        let account = try await session.run("loading the account") { try await session.client.loadAccount() }
        guard var settings = account.settings else {
            throw CLIFailure("changing the settings failed: \(session.instance) sent none", status: .badData)
        }
        do {
            for assignment in assignments { try SettingKey.apply(assignment, to: &settings) }
        } catch {
            throw CLIFailure(String(describing: error), status: .usage)
        }
        let previousEmail = account.settings?.email
        try await session.run("saving the settings") { try await session.client.saveSettings(settings) }
        guard let saved = account.settings else { return }
        SettingsPrinter.print(saved, json: output.json)
        // On standard error, so that --json output stays one JSON value.
        if let email = saved.email, email != previousEmail {
            Console.err("A verification link went to \(email); open it or run `lemmy email verify LINK`.")
        }
    }
}

/// The keys `lemmy settings set` takes.
enum SettingKey: String, CaseIterable {
    case showNSFW = "show-nsfw"
    case blurNSFW = "blur-nsfw"
    case showReadPosts = "show-read-posts"
    case defaultSort = "default-sort"
    case defaultListing = "default-listing"
    case botAccount = "bot-account"
    case showBotAccounts = "show-bot-accounts"
    case languages
    case displayName = "display-name"
    case bio
    case avatar
    case banner
    case showDownvotes = "show-downvotes"
    case email

    /// Applies one `key=value` to `settings`, or explains what is wrong with it.
    static func apply(_ assignment: String, to settings: inout AccountSettings) throws(ValidationError) {
        let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let key = SettingKey(rawValue: String(parts[0])) else {
            throw ValidationError("`\(assignment)` is not key=value with a known key (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let value = String(parts[1])
        switch key {
        case .showNSFW: settings.showNSFW = try bool(value, key)
        case .blurNSFW: settings.blurNSFW = try bool(value, key)
        case .showReadPosts: settings.showReadPosts = try bool(value, key)
        case .botAccount: settings.isBot = try bool(value, key)
        case .showBotAccounts: settings.showBotAccounts = try bool(value, key)
        case .defaultSort:
            guard let sort = PostSortType(name: value) else { throw ValidationError("default-sort: unknown sort `\(value)`") }
            settings.defaultSort = sort
        case .defaultListing:
            guard let listing = Listing(rawValue: value) else {
                throw ValidationError("default-listing: one of \(Listing.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            settings.defaultListing =
                switch listing {
                case .all: .all
                case .local: .local
                case .subscribed: .subscribed
                case .moderatorView: .moderatorView
                case .suggested: .suggested
                }
        case .languages:
            let ids = value.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard ids.allSatisfy({ $0 != nil }) else { throw ValidationError("languages: comma-separated language ids, e.g. 0,37") }
            settings.discussionLanguages = ids.compactMap { $0 }
        case .displayName: settings.displayName = value.isEmpty ? nil : value
        case .bio: settings.bio = value.isEmpty ? nil : value
        case .avatar: settings.avatar = try url(value, key)
        case .banner: settings.banner = try url(value, key)
        case .showDownvotes:
            guard let visibility = DownvoteVisibility(rawValue: value) else {
                throw ValidationError("show-downvotes: one of \(DownvoteVisibility.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            settings.showDownvotes = visibility
        case .email:
            guard value.isEmpty || value.contains("@") else { throw ValidationError("email: an address, or nothing to clear it") }
            settings.email = value.isEmpty ? nil : value
        }
    }

    private static func bool(_ value: String, _ key: SettingKey) throws(ValidationError) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw ValidationError("\(key.rawValue): true or false, not `\(value)`")
        }
    }

    private static func url(_ value: String, _ key: SettingKey) throws(ValidationError) -> URL? {
        if value.isEmpty { return nil }
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("\(key.rawValue): an http(s) URL, not `\(value)`")
        }
        return url
    }
}

/// Prints settings as text or `--json`.
enum SettingsPrinter {
    @MainActor
    static func print(_ settings: AccountSettings, json: Bool) {
        let output = SettingsOutput(settings)
        if json {
            do { try JSONOutput.print(output) } catch { Console.err("lemmy: \(error.message)") }
            return
        }
        let rows: [(SettingKey, String)] = [
            (.showNSFW, "\(output.showNsfw)"), (.blurNSFW, "\(output.blurNsfw)"), (.showReadPosts, "\(output.showReadPosts)"),
            (.defaultSort, output.defaultSort), (.defaultListing, output.defaultListing), (.botAccount, "\(output.botAccount)"),
            (.showBotAccounts, "\(output.showBotAccounts)"), (.languages, output.languages.map(String.init).joined(separator: ",")),
            (.displayName, output.displayName ?? ""), (.bio, output.bio ?? ""), (.avatar, output.avatar ?? ""),
            (.banner, output.banner ?? ""), (.showDownvotes, output.showDownvotes ?? "(not on this server)"),
            (.email, output.email ?? ""),
        ]
        for (key, value) in rows { Console.out("\(key.rawValue)=\(value)") }
    }
}

/// The account's settings as `--json` prints them.
public struct SettingsOutput: Codable, Sendable, Equatable {
    /// Whether NSFW content shows.
    public var showNsfw: Bool
    /// Whether NSFW images are blurred.
    public var blurNsfw: Bool
    /// Whether read posts are listed.
    public var showReadPosts: Bool
    /// The default post sort's name (`hot`, `top-week`, ...).
    public var defaultSort: String
    /// The default listing (`all`, `local`, ...).
    public var defaultListing: String
    /// Whether the account is a bot.
    public var botAccount: Bool
    /// Whether bots' content shows.
    public var showBotAccounts: Bool
    /// Discussion language ids.
    public var languages: [Int]
    /// The display name.
    public var displayName: String?
    /// The profile text.
    public var bio: String?
    /// The avatar URL.
    public var avatar: String?
    /// The banner URL.
    public var banner: String?
    /// Who sees downvotes (`show`, `show-for-others`, `hide`); absent where the server has no such setting.
    public var showDownvotes: String?
    /// The account's email address; absent when it has none.
    public var email: String?

    init(_ settings: AccountSettings) {
        showNsfw = settings.showNSFW
        blurNsfw = settings.blurNSFW
        showReadPosts = settings.showReadPosts
        defaultSort = settings.defaultSort.name
        defaultListing =
            switch settings.defaultListing {
            case .all: "all"
            case .local: "local"
            case .subscribed: "subscribed"
            case .moderatorView: "moderator-view"
            case .suggested: "suggested"
            case .community(let id): "community-\(id)"
            case .multiCommunity(let id): "multi-community-\(id)"
            case .communityTag(let community, let tag): "community-\(community)-tag-\(tag)"
            }
        botAccount = settings.isBot
        showBotAccounts = settings.showBotAccounts
        languages = settings.discussionLanguages
        displayName = settings.displayName
        bio = settings.bio
        avatar = settings.avatar?.absoluteString
        banner = settings.banner?.absoluteString
        showDownvotes = settings.showDownvotes?.rawValue
        email = settings.email
    }
}
