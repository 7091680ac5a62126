import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy admin site [--name N] [--summary S] [--sidebar S] [--legal S] [--content-warning S]
/// [--registration MODE] [--question Q] [--email-verification on|off] [--admin-only-communities
/// on|off]`: shows the site's settings, or with options changes them first (admins).
struct AdminSiteCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Show the site's settings, or change them with the options (admins). An empty text clears it.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "The site's name (1 to 20 characters).")
    var name: String?

    @Option(name: .long, help: "A one-line description (at most 150 characters).")
    var summary: String?

    @Option(name: .long, help: "The sidebar, in Markdown.")
    var sidebar: String?

    @Option(name: .long, help: "The legal information, in Markdown.")
    var legal: String?

    @Option(name: .customLong("content-warning"), help: "A warning shown before the site's content (Lemmy 0.19.4 and later).")
    var contentWarning: String?

    @Option(name: .long, help: "How people sign up: open, application, invitation (1.0) or closed.")
    var registration: RegistrationOption?

    @Option(name: .long, help: "What an application asks (needed for --registration application).")
    var question: String?

    @Option(name: .customLong("email-verification"), help: "Whether new accounts verify their address: on or off.")
    var emailVerification: Switch?

    @Option(name: .customLong("admin-only-communities"), help: "Whether only admins create communities: on or off.")
    var adminOnlyCommunities: Switch?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    /// The change the options ask for, or nil when they ask for none.
    var change: SiteSettingsChange? {
        let change = SiteSettingsChange(
            name: name, summary: summary, sidebar: sidebar, legalInformation: legal, contentWarning: contentWarning,
            registrationMode: registration?.mode, applicationQuestion: question, emailVerificationRequired: emailVerification?.isOn,
            communityCreationAdminOnly: adminOnlyCommunities?.isOn)
        return change == SiteSettingsChange() ? nil : change
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let settings: SiteSettings
        if let change {
            try session.requireLogin("changing the site's settings")
            settings = try await session.run("changing the site's settings") { try await session.client.editSite(change) }
        } else {
            settings = try await session.run("loading the site's settings") { try await session.client.siteSettings() }
        }
        if output.json {
            try JSONOutput.print(SiteSettingsOutput(settings))
            return
        }
        for line in Self.lines(settings) { Console.out(line) }
    }

    /// The settings as lines for a person; the server's texts on one line each, cut to fit.
    static func lines(_ settings: SiteSettings) -> [String] {
        func text(_ value: String?) -> String { value.map { TextFitting.truncate($0, to: 200) } ?? "(none)" }
        let registration =
            switch settings.registrationMode {
            case .open: "open"
            case .requireApplication: "by application, asking: \(text(settings.applicationQuestion))"
            case .requireInvitation: "by invitation"
            case .closed: "closed"
            }
        return [
            "name: \(HumanRenderer.name(settings.name))",
            "summary: \(text(settings.summary))",
            "sidebar: \(text(settings.sidebar))",
            "legal information: \(text(settings.legalInformation))",
            "content warning: \(text(settings.contentWarning))",
            "registration: \(registration)",
            "email verification: \(settings.emailVerificationRequired ? "required" : "not required")",
            "communities created by: \(settings.communityCreationAdminOnly ? "admins only" : "anyone")",
        ]
    }
}

/// `--registration`'s values.
enum RegistrationOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case open, application, invitation, closed

    /// The option naming `mode`.
    init(_ mode: RegistrationRequirements.Mode) {
        switch mode {
        case .open: self = .open
        case .requireApplication: self = .application
        case .requireInvitation: self = .invitation
        case .closed: self = .closed
        }
    }

    var mode: RegistrationRequirements.Mode {
        switch self {
        case .open: .open
        case .application: .requireApplication
        case .invitation: .requireInvitation
        case .closed: .closed
        }
    }
}

/// An on/off option's value, in the words `lemmy settings` takes (on, true, yes, 1; off, false,
/// no, 0).
struct Switch: ExpressibleByArgument, Sendable {
    let isOn: Bool

    init?(argument: String) {
        switch argument.lowercased() {
        case "true", "yes", "on", "1": isOn = true
        case "false", "no", "off", "0": isOn = false
        default: return nil
        }
    }

    static var defaultValueDescription: String { "on|off" }
}

/// `lemmy admin site --json`.
struct SiteSettingsOutput: Encodable {
    var name: String
    var summary: String?
    var sidebar: String?
    var legalInformation: String?
    var contentWarning: String?
    var registration: String
    var applicationQuestion: String?
    var emailVerificationRequired: Bool
    var communityCreationAdminOnly: Bool

    enum CodingKeys: String, CodingKey {
        case name, summary, sidebar, registration
        case legalInformation = "legal_information"
        case contentWarning = "content_warning"
        case applicationQuestion = "application_question"
        case emailVerificationRequired = "email_verification_required"
        case communityCreationAdminOnly = "community_creation_admin_only"
    }

    init(_ settings: SiteSettings) {
        name = settings.name
        summary = settings.summary
        sidebar = settings.sidebar
        legalInformation = settings.legalInformation
        contentWarning = settings.contentWarning
        registration = RegistrationOption(settings.registrationMode).rawValue
        applicationQuestion = settings.applicationQuestion
        emailVerificationRequired = settings.emailVerificationRequired
        communityCreationAdminOnly = settings.communityCreationAdminOnly
    }
}
