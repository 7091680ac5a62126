import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `password forgot|reset` and `email verify|resend`, with the links the test
/// server "emails".
@Suite("lemmy binary, password and email links")
struct EmailLinkCommandTests {
    @Test("Forgot password, then reset with the emailed link; the link is refused a second time", arguments: LemmyDialect.allCases)
    func passwordReset(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let forgot = try await LemmyBinary.run(["password", "forgot", "bob@lemmy.test", "--instance", instance])
            #expect(forgot.status == 0, "\(forgot)")
            let link = try #require(server.emails().first { $0.kind == .passwordReset }?.link)

            // Refused here, so the link stays valid even where the server would use it up.
            let short = try await LemmyBinary.run(
                ["password", "reset", link, "--password-stdin", "--instance", instance], input: "short\n")
            #expect(short.status == ExitStatus.usage.rawValue && short.stderr.contains("10 to 60"), "\(short)")

            let reset = try await LemmyBinary.run(
                ["password", "reset", link, "--password-stdin", "--instance", instance], input: "a new password\n")
            #expect(reset.status == 0 && reset.stdout.contains("lemmy login"), "\(reset)")
            let config = try TemporaryConfig()
            let login = try await LemmyBinary.run(
                ["login", "bob", "--password-stdin", "--instance", instance], config: config.url, input: "a new password\n")
            #expect(login.status == 0, "\(login)")

            if dialect != .v0_18 {
                let again = try await LemmyBinary.run(
                    ["password", "reset", link, "--password-stdin", "--instance", instance], input: "another password\n")
                #expect(again.status == ExitStatus.software.rawValue && again.stderr.contains("lemmy password forgot"), "\(again)")
            }
        }
    }

    @Test("Verify an address with the emailed link or its token; the wrong kind of link is a usage error", arguments: LemmyDialect.allCases)
    func verify(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(emailVerification: true))
            // Signed up as the server's Register does (the CLI has no sign-up).
            let registered = try server.store.with { db in
                try db.register(
                    name: "newcomer", password: "password123", verify: "password123", email: "new@example.test", answer: nil,
                    captchaUUID: nil, captchaAnswer: nil, now: Date().timeIntervalSince1970, dialect: dialect)
            }
            #expect(registered.verificationEmailSent)
            let email = try #require(server.emails().first)
            let instance = server.baseURL.absoluteString

            let wrongKind = try await LemmyBinary.run(
                ["email", "verify", "https://lemmy.test/password_change/\(email.token)", "--instance", instance])
            #expect(
                wrongKind.status == ExitStatus.usage.rawValue && wrongKind.stderr.contains("not an email verification link"), "\(wrongKind)"
            )

            // A link to another instance: its token is not sent here.
            let elsewhere = try await LemmyBinary.run(
                ["email", "verify", "https://elsewhere.example/verify_email/\(email.token)", "--instance", instance])
            #expect(elsewhere.status == ExitStatus.usage.rawValue && elsewhere.stderr.contains("elsewhere.example"), "\(elsewhere)")
            // A bare token must be one as typed.
            let query = try await LemmyBinary.run(["email", "verify", "\(email.token)?x=1", "--instance", instance])
            #expect(query.status == ExitStatus.usage.rawValue, "\(query)")

            let resend = try await LemmyBinary.run(["email", "resend", "new@example.test", "--instance", instance])
            if dialect == .v1_0 {
                #expect(resend.status == 0 && server.emails().count == 2, "\(resend)")
            } else {
                #expect(resend.status == ExitStatus.unsupported.rawValue && resend.stderr.contains("1.0"), "\(resend)")
            }

            let verified = try await LemmyBinary.run(["email", "verify", email.token, "--instance", instance])
            #expect(verified.status == 0, "\(verified)")
            #expect(try server.store.with { db in db.person(named: "newcomer")?.emailUnverified } == false)
        }
    }
}
