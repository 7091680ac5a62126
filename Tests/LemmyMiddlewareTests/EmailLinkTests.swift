import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.verifyEmail(token:)`, `completePasswordReset(token:newPassword:)` and
/// `resendVerificationEmail(email:)` with the links the test server "emails"
/// (EmailTokenFidelityTests has the server's rules).
@Suite("Account: email links") @MainActor
struct EmailLinkTests {
    static func link(_ server: LemmyTestServer, _ kind: TestServerEmail.Kind) throws -> AccountEmailLink {
        let email = try #require(server.emails().last { $0.kind == kind })
        let url = try #require(URL(string: email.link))
        return try #require(AccountEmailLink(url: url))
    }

    @Test("Sign up, verify the address from the emailed link, log in", arguments: LemmyDialect.allCases)
    func signUpAndVerify(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(emailVerification: true))
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let result = try await guest.register(
                Registration(username: "newcomer", password: "password123", email: "newcomer@example.test", showNSFW: false))
            guard case .needsEmailVerification = result else {
                Issue.record("sign-up answered \(result)")
                return
            }
            let refused = await #expect(throws: ApiClientError.self) {
                _ = try await ApiClient.login(to: server.baseURL, username: "newcomer", password: "password123")
            }
            #expect(refused?.lemmyCode == .emailNotVerified)

            guard case .verifyEmail(let token) = try Self.link(server, .emailVerification) else {
                Issue.record("the link is not a verification link")
                return
            }
            try await guest.verifyEmail(token: token)
            let account = try await ApiClient.login(to: server.baseURL, username: "newcomer", password: "password123")
            #expect(try await account.getReplies().isEmpty)

            // Used up: every version's refusal reads as token_not_found.
            let again = await #expect(throws: ApiClientError.self) { try await guest.verifyEmail(token: token) }
            #expect(again?.lemmyCode == .tokenNotFound && again?.kind == .lemmy)
        }
    }

    @Test("Forgot password: the emailed link sets a new one; the old sessions end", arguments: LemmyDialect.allCases)
    func passwordReset(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            try await guest.requestPasswordReset(email: "bob@lemmy.test")
            guard case .passwordChange(let token) = try Self.link(server, .passwordReset) else {
                Issue.record("the link is not a password link")
                return
            }
            try await guest.completePasswordReset(token: token, newPassword: "a new password")

            let ended = await #expect(throws: ApiClientError.self) { _ = try await bob.getReplies() }
            #expect(ended?.kind == .notLoggedIn)
            let wrong = await #expect(throws: ApiClientError.self) { _ = try await login(server, "bob") }
            #expect(wrong?.isWrongPassword == true)
            _ = try await ApiClient.login(to: server.baseURL, username: "bob", password: "a new password")
        }
    }

    @Test("An unknown token reads as token_not_found on every version, for both links", arguments: LemmyDialect.allCases)
    func unknownToken(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let token = UUID().uuidString.lowercased()
            let verify = await #expect(throws: ApiClientError.self) { try await guest.verifyEmail(token: token) }
            #expect(verify?.lemmyCode == .tokenNotFound)
            let reset = await #expect(throws: ApiClientError.self) {
                try await guest.completePasswordReset(token: token, newPassword: "long enough 1")
            }
            #expect(reset?.lemmyCode == .tokenNotFound)
        }
    }

    @Test("A password Lemmy would refuse is refused before sending, so a 0.19 or 1.0 link is not used up", arguments: LemmyDialect.allCases)
    func passwordLengthFirst(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            try await guest.requestPasswordReset(email: "carol@lemmy.test")
            let token = try Self.link(server, .passwordReset).token
            let sent = loader.requestedPaths.count
            // Lemmy counts Unicode scalars: 61 here, though only 31 characters.
            for password in ["short", String(repeating: "e\u{301}", count: 30) + "x"] {
                let refused = await #expect(throws: ApiClientError.self) {
                    try await guest.completePasswordReset(token: token, newPassword: password)
                }
                #expect(refused?.lemmyCode == .invalidPassword)
            }
            #expect(loader.requestedPaths.count == sent)
            // Two family emoji are ten scalars: long enough.
            try await guest.completePasswordReset(
                token: token, newPassword: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
            _ = try await ApiClient.login(
                to: server.baseURL, username: "carol",
                password: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
        }
    }

    @Test("1.0 sends a verification link again; earlier versions cannot, and nothing is sent")
    func resend() async throws {
        try await withServer(.v1_0) { server in
            server.configureRegistration(RegistrationSettings(emailVerification: true))
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            _ = try await guest.register(
                Registration(username: "newcomer", password: "password123", email: "newcomer@example.test", showNSFW: false))
            try await guest.resendVerificationEmail(email: "newcomer@example.test")
            #expect(server.emails().count == 2)
            // The newer link works as well as the first.
            try await guest.verifyEmail(token: try Self.link(server, .emailVerification).token)
        }
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            _ = try await guest.getSite()
            let sent = loader.requestedPaths.count
            let error = await #expect(throws: ApiClientError.self) { try await guest.resendVerificationEmail(email: "alice@lemmy.test") }
            #expect(error?.kind == .unavailableInVersion && loader.requestedPaths.count == sent)
        }
    }

    @Test("A link is read for its token only when it is one of Lemmy's two, with a plausible token")
    func links() {
        let token = "0f8fad5b-d9cb-469f-a165-70867728950e"
        #expect(AccountEmailLink(url: URL(string: "https://lemmy.world/verify_email/\(token)")!) == .verifyEmail(token: token))
        #expect(AccountEmailLink(url: URL(string: "https://lemmy.world/password_change/\(token)")!) == .passwordChange(token: token))
        #expect(AccountEmailLink(url: URL(string: "https://lemmy.world/password_change/\(token)/")!)?.token == token)
        let refused = [
            "https://lemmy.world/verify_email",
            "https://lemmy.world/post/\(token)",
            "https://lemmy.world/verify_email/%1B%5B31m",
            "https://lemmy.world/verify_email/a%20b",
            "https://lemmy.world/verify_email/\(String(repeating: "a", count: 129))",
            "https://lemmy.world/",
            "mailto:someone/verify_email/\(token)",
            "file:///tmp/verify_email/\(token)",
            // A Cyrillic a in place of a Latin one.
            "https://lemmy.world/verify_email/0f8f\u{0430}d5b",
        ]
        for text in refused {
            guard let url = URL(string: text) else { continue }
            #expect(AccountEmailLink(url: url) == nil, "\(text)")
        }
        let longest = String(repeating: "a", count: 128)
        #expect(AccountEmailLink(url: URL(string: "https://lemmy.world/verify_email/\(longest)")!)?.token == longest)
        #expect(AccountEmailLink(url: URL(string: "https://lemmy.world/verify_email/%61bc")!)?.token == "abc")
        #expect(
            AccountEmailLink.instance(of: URL(string: "https://Lemmy.World:8443/x/verify_email/abc")!)?.absoluteString
                == "https://Lemmy.World:8443")
    }
}

/// `AccountSettings.email` through `saveSettings(_:)`.
@Suite("Account: changing the email address") @MainActor
struct EmailSettingTests {
    @Test("The settings hold the address; a new one is stored and sent a verification link", arguments: LemmyDialect.allCases)
    func change(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            var settings = try #require(try await alice.loadAccount().settings)
            #expect(settings.email == "alice@lemmy.test")
            settings.email = "alice@example.org"
            try await alice.saveSettings(settings)
            #expect(alice.account?.settings?.email == "alice@example.org")
            #expect(server.emails().last?.to == "alice@example.org")

            settings.email = "bob@lemmy.test"
            let refused = await #expect(throws: ApiClientError.self) { try await alice.saveSettings(settings) }
            #expect(refused?.lemmyCode == (dialect == .v1_0 ? .emailAlreadyTaken : .emailAlreadyExists))
            #expect(alice.account?.settings?.email == "alice@example.org")
        }
    }
}
