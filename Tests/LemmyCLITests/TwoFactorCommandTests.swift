import Foundation
import LemmyCLI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `2fa` and `logins` commands, in each dialect.
@Suite("lemmy binary, 2fa and logins")
struct TwoFactorCommandTests {
    @Test(
        "2fa setup prints the secret; enable and disable turn the second factor on and off; logins lists the sessions",
        arguments: LemmyDialect.allCases)
    func setupEnableDisable(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "alice")
            let setup = try await LemmyBinary.run(["2fa", "setup"], config: config.url)
            #expect(setup.status == 0, "\(setup)")
            let url = try #require(
                setup.stdout.split(separator: "\n").first { $0.contains("url:") }?
                    .split(separator: " ").last.map(String.init))
            let secret = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "secret" }?.value)
            #expect(setup.stdout.contains("secret: \(secret)"))
            // The server's clock is the real one: each use takes the code of the moment (a code
            // is good for its 30-second step and the steps on either side).
            func code() throws -> String { try #require(TOTP.code(otpauthURL: url, at: Date())) }
            let arguments = ["login", "alice", "--instance", server.baseURL.absoluteString, "--password-stdin"]
            let other = try TemporaryConfig()
            if dialect == .v0_18 {
                #expect(setup.stdout.contains("ON already"))
                let enable = try await LemmyBinary.run(["2fa", "enable", try code()], config: config.url)
                #expect(enable.status != 0 && enable.stderr.contains("0.18"), "\(enable)")
            } else {
                #expect(setup.stdout.contains("lemmy 2fa enable CODE"))
                let wrong = String(format: "%06d", (Int(try code())! + 500_000) % 1_000_000)
                let refused = try await LemmyBinary.run(["2fa", "enable", wrong], config: config.url)
                #expect(refused.status != 0 && refused.stderr.contains("incorrect_totp_token"), "\(refused)")
                #expect(try await LemmyBinary.run(arguments, config: other.url, input: "password\n").status == 0, "not on yet")
                let enable = try await LemmyBinary.run(["2fa", "enable", try code()], config: config.url)
                #expect(enable.status == 0 && enable.stdout.contains("Two-factor login is on"), "\(enable)")
            }
            let needs = try await LemmyBinary.run(arguments, config: other.url, input: "password\n")
            #expect(needs.status == LemmyCLI.ExitStatus.auth.rawValue && needs.stderr.contains("--totp"), "\(needs)")
            #expect(try await LemmyBinary.run(arguments + ["--totp", try code()], config: other.url, input: "password\n").status == 0)

            let logins = try await LemmyBinary.run(["logins", "--json"], config: config.url)
            if dialect == .v0_18 {
                #expect(logins.status != 0 && logins.stderr.contains("0.19"), "\(logins)")
            } else {
                #expect(logins.status == 0, "\(logins)")
                let listed = try JSONOutput.decoder().decode(LoginsOutput.self, from: Data(logins.stdout.utf8))
                // This config's login and the other config's two (with and without 2FA on 0.19+).
                #expect(listed.logins.count == 3 && listed.logins.allSatisfy { $0.ip == "127.0.0.1" && $0.userAgent != nil })
                let human = try await LemmyBinary.run(["logins"], config: config.url)
                #expect(human.status == 0 && human.stdout.contains("127.0.0.1"), "\(human)")
            }

            let disable = try await LemmyBinary.run(["2fa", "disable", try code()], config: config.url)
            #expect(disable.status == 0 && disable.stdout.contains("off"), "\(disable)")
            #expect(try await LemmyBinary.run(arguments, config: other.url, input: "password\n").status == 0)
        }
    }
}
