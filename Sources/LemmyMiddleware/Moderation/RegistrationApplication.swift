public import Foundation
public import Observation

/// Where a registration application stands.
public enum RegistrationApplicationState: String, Sendable, Hashable, CaseIterable {
    /// No admin has decided yet; the applicant cannot log in.
    case pending
    /// An admin accepted it; the applicant can log in.
    case approved
    /// An admin turned it down (see ``RegistrationApplication/denyReason``); login is refused.
    case denied
}

/// A sign-up waiting for (or decided by) an instance's admins, on an instance that takes new
/// accounts by application.
///
/// Read with ``ApiClient/registrationApplications(unreadOnly:limit:cursor:)`` (admins only).
/// Each read makes new application objects; the applicant and the deciding admin are the
/// client's identity-cached people. ``approve()`` and ``deny(reason:)`` change ``state`` at once
/// and roll it back if the server refuses.
@MainActor @Observable
public final class RegistrationApplication: Identifiable {
    /// The application's id.
    public let id: Int
    /// Who applied: the new account's person.
    public let applicant: Person1
    /// The applicant's answer to the instance's application question. Untrusted text.
    public let answer: String
    /// The applicant's email address, when the server shows it to the admin. Untrusted text.
    public let email: String?
    /// Whether the applicant has verified the email address.
    public let isEmailVerified: Bool
    /// When the applicant signed up.
    public let created: Date
    /// Whether it waits, was approved or was denied.
    public internal(set) var state: RegistrationApplicationState
    /// The admin who approved or denied it, when the server names them.
    public internal(set) var admin: Person1?
    /// Why it was denied, if the admin said. Untrusted text.
    public internal(set) var denyReason: String?

    @ObservationIgnored let api: ApiClient
    @ObservationIgnored var decisionInFlight = false

    init(
        api: ApiClient, id: Int, applicant: Person1, answer: String, email: String?, isEmailVerified: Bool, created: Date,
        state: RegistrationApplicationState, admin: Person1?, denyReason: String?
    ) {
        self.api = api
        self.id = id
        self.applicant = applicant
        self.answer = answer
        self.email = email
        self.isEmailVerified = isEmailVerified
        self.created = created
        self.state = state
        self.admin = admin
        self.denyReason = denyReason
    }
}
