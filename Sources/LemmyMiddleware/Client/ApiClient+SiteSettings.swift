public import Foundation
internal import LemmyAPI

/// The settings of the client's site that its admins edit (EditSite), as GetSite shows them.
public struct SiteSettings: Equatable, Sendable {
    /// The site's name.
    public var name: String
    /// A one-line description (Lemmy 1.0's `summary`, 0.18/0.19's `description`).
    public var summary: String?
    /// The sidebar (Markdown).
    public var sidebar: String?
    /// The legal information page (Markdown).
    public var legalInformation: String?
    /// A warning shown before the site's content (Lemmy 0.19.4 and later).
    public var contentWarning: String?
    /// How people sign up.
    public var registrationMode: RegistrationRequirements.Mode
    /// What an application to join asks.
    public var applicationQuestion: String?
    /// Whether new accounts must verify their email address.
    public var emailVerificationRequired: Bool
    /// Whether only admins may create communities.
    public var communityCreationAdminOnly: Bool
    /// When an edit last changed the site, if ever.
    public var updated: Date?
}

/// A change to the site's settings for ``ApiClient/editSite(_:)``: nil leaves a setting as it
/// is, and an empty text clears an optional one (not the name, which Lemmy refuses to empty).
public struct SiteSettingsChange: Equatable, Sendable {
    /// A new name: 1 to 20 UTF-16 units (0.18: bytes).
    public var name: String?
    /// A new one-line description: at most 150 UTF-16 units (0.18: bytes).
    public var summary: String?
    /// A new sidebar: at most 10,000 UTF-16 units (0.18: Unicode scalars).
    public var sidebar: String?
    /// New legal information.
    public var legalInformation: String?
    /// A new content warning (Lemmy 0.19.4 and later).
    public var contentWarning: String?
    /// A new registration mode; ``RegistrationRequirements/Mode/requireApplication`` needs an
    /// application question, held already or given here.
    public var registrationMode: RegistrationRequirements.Mode?
    /// A new application question.
    public var applicationQuestion: String?
    /// Whether new accounts must verify their email address.
    public var emailVerificationRequired: Bool?
    /// Whether only admins may create communities.
    public var communityCreationAdminOnly: Bool?

    /// A change of the settings given; the others stay as they are.
    public init(
        name: String? = nil, summary: String? = nil, sidebar: String? = nil, legalInformation: String? = nil,
        contentWarning: String? = nil, registrationMode: RegistrationRequirements.Mode? = nil, applicationQuestion: String? = nil,
        emailVerificationRequired: Bool? = nil, communityCreationAdminOnly: Bool? = nil
    ) {
        self.name = name
        self.summary = summary
        self.sidebar = sidebar
        self.legalInformation = legalInformation
        self.contentWarning = contentWarning
        self.registrationMode = registrationMode
        self.applicationQuestion = applicationQuestion
        self.emailVerificationRequired = emailVerificationRequired
        self.communityCreationAdminOnly = communityCreationAdminOnly
    }
}

extension ApiClient {
    /// The site's settings (one GetSite, which also updates the site's live models).
    public func siteSettings() async throws(ApiClientError) -> SiteSettings {
        let response: ApiGetSiteResponse =
            try await generation() == .v4
            ? try await send(LemmyV4.GetSite(), mutation: false)
            : try await send(LemmyV3.GetSite(), mutation: false)
        _ = site2(response.siteView)
        return SiteSettings(response.siteView, text: escapedText)
    }

    /// Changes the site's settings (admins; `not_an_admin` otherwise) and returns them as the
    /// server answers; the site's models (``getSite()``) show the new name, summary and sidebar.
    ///
    /// Lemmy refuses, in this order: an empty name (`site_name_required`) or a long one
    /// (`site_name_length_overflow`), a long summary (`site_description_length_overflow`), a long
    /// sidebar (`invalid_body_field`), and applications without a question
    /// (`application_question_required`); a name or summary matching the site's slur filter is
    /// `slurs` (0.19 and 1.0 replace slurs in the sidebar instead; 0.18 does not look there).
    /// The limits are 20, 150 and 10,000, counted in UTF-16 units from 0.19 on and, on 0.18, in
    /// bytes for the name and summary and in Unicode scalars for the sidebar. Switching
    /// registration to applications marks every local account accepted (those waiting for an
    /// admin, and those an admin denied), and requiring email verification marks every address
    /// verified: that is Lemmy's doing. A content warning or invitations on a server that has neither is
    /// ``ApiClientError/unavailableInVersion(_:)`` before sending (the request's encoder refuses
    /// what the server's version lacks), where 0.19 would ignore a member it does not know.
    @discardableResult
    public func editSite(_ change: SiteSettingsChange) async throws(ApiClientError) -> SiteSettings {
        try checkPermission(mutation: true)
        try requireAccount()
        var form = ApiEditSite()
        form.name = change.name
        form.sidebar = change.sidebar
        form.legalInformation = change.legalInformation
        form.contentWarning = change.contentWarning
        form.applicationQuestion = change.applicationQuestion
        form.communityCreationAdminOnly = change.communityCreationAdminOnly
        form.registrationMode = change.registrationMode.map(\.api)
        let response: ApiSiteResponse
        if try await generation() == .v4 {
            form.summary = change.summary
            form.emailVerificationRequired = change.emailVerificationRequired
            response = try await send(LemmyV4.EditSite(form), mutation: true)
        } else {
            form.description = change.summary
            form.requireEmailVerification = change.emailVerificationRequired
            response = try await send(LemmyV3.EditSite(form), mutation: true)
        }
        _ = site2(response.siteView)
        return SiteSettings(response.siteView, text: escapedText)
    }
}

extension SiteSettings {
    /// The settings `view` holds, its texts read back from 0.18.3–0.18.5's HTML escaping as the
    /// site's models read them (`text`).
    init(_ view: ApiSiteView, text: LemmyEscapedText) {
        let site = view.site
        let local = view.localSite
        func read(_ value: String?) -> String? { value.map(text.unescape) }
        self.init(
            name: text.unescape(site.name), summary: read(site.summary ?? site.description), sidebar: read(site.sidebar),
            legalInformation: read(local.legalInformation), contentWarning: read(site.contentWarning),
            registrationMode: RegistrationRequirements.Mode(local.registrationMode),
            applicationQuestion: read(local.applicationQuestion),
            emailVerificationRequired: local.emailVerificationRequired ?? local.requireEmailVerification ?? false,
            communityCreationAdminOnly: local.communityCreationAdminOnly, updated: site.updatedAt?.date)
    }
}

extension RegistrationRequirements.Mode {
    /// The mode a server names; one this client does not know counts as closed, the safe reading.
    init(_ mode: ApiRegistrationMode) {
        switch mode {
        case .open: self = .open
        case .requireApplication: self = .requireApplication
        case .requireInvitation: self = .requireInvitation
        default: self = .closed
        }
    }

    /// The API's spelling.
    var api: ApiRegistrationMode {
        switch self {
        case .open: .open
        case .requireApplication: .requireApplication
        case .requireInvitation: .requireInvitation
        case .closed: .closed
        }
    }
}
