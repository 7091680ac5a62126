import Foundation
import LemmyAPI
@testable import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Two-factor setup and the list of logins through `ApiClient`, over HTTP in each dialect.
@Suite("Two-factor setup and logins") @MainActor
struct TwoFactorSetupTests {
    /// A server whose clock stands still, so a code computed here is the server's current one.
    static func configuration(_ dialect: LemmyDialect, now: Date) -> LemmyTestServer.Configuration {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.clock = { now }
        return configuration
    }

    func logIn(_ server: LemmyTestServer, totp: String? = nil) async throws -> ApiClient {
        try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", totp: totp, loader: GatingLoader())
    }

    @Test("Setting up, turning on and off: the account and login follow", arguments: LemmyDialect.allCases)
    func setupAndToggle(dialect: LemmyDialect) async throws {
        let now = Date()
        try await withServer(Self.configuration(dialect, now: now)) { server in
            let alice = try await logIn(server)
            let account = try await alice.loadAccount()
            #expect(!account.isTwoFactorEnabled)
            let setup = try await alice.beginTwoFactorSetup()
            #expect(setup.issuer == "Lemmy Test Server" && setup.accountName == "alice")
            #expect(setup.url.scheme == "otpauth" && setup.url.absoluteString.contains("secret=\(setup.secret)"))
            // The secret stays out of what an app might log.
            #expect(!setup.description.contains(setup.secret) && !String(reflecting: setup).contains(setup.secret))
            var dumped = ""
            dump(setup, to: &dumped)
            #expect(!dumped.contains(setup.secret))
            let code = try #require(TOTP.code(otpauthURL: setup.url.absoluteString, at: now))
            if dialect == .v0_18 {
                // 0.18 turns it on with the secret.
                #expect(setup.isEnabled && account.isTwoFactorEnabled)
                do {
                    try await alice.enableTwoFactor(code: code)
                    Issue.record("0.18 took a code it has no call for")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .unavailableInVersion)
                }
            } else {
                #expect(!setup.isEnabled && !account.isTwoFactorEnabled)
                // Not on yet: login needs no code.
                _ = try await logIn(server)
                let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
                do {
                    try await alice.enableTwoFactor(code: wrong)
                    Issue.record("a wrong code turned two-factor login on")
                } catch {
                    #expect(error.isWrongTOTP)
                }
                #expect(!account.isTwoFactorEnabled)
                try await alice.enableTwoFactor(code: code)
                #expect(account.isTwoFactorEnabled)
                do {
                    _ = try await alice.beginTwoFactorSetup()
                    Issue.record("a second secret while two-factor login is on")
                } catch {
                    #expect((error as? ApiClientError)?.lemmyCode == .totpAlreadyEnabled)
                }
            }
            // On: login asks for the code, and the reloaded account says so.
            do {
                _ = try await logIn(server)
                Issue.record("logged in without the second factor")
            } catch {
                #expect(error.needsTOTP)
            }
            _ = try await logIn(server, totp: code)
            #expect(try await alice.loadAccount().isTwoFactorEnabled)
            try await alice.disableTwoFactor(code: code)
            #expect(!account.isTwoFactorEnabled)
            _ = try await logIn(server)
            #expect(try await alice.loadAccount().isTwoFactorEnabled == false)
        }
    }

    @Test(
        "A server's secret URL that is not an otpauth URL with a base32 secret is a decoding error", arguments: [LemmyDialect.v0_19, .v1_0])
    func hostileSecretURL(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await logIn(server)
            let account = try await alice.loadAccount()
            let hostile = [
                #"javascript:alert(1)"#, #"otpauth://totp/x?secret=not base32!"#, #"otpauth://hotp/x?secret=ABC"#,
                #"\u001b]8;;https://evil.example\u0007"#, "otpauth://totp/x?secret=" + String(repeating: "A", count: 4_000),
            ]
            for value in hostile {
                server.faults.clear()
                server.faults.add(
                    FaultRule(.rewriteBody(pattern: #""totp_secret_url":"[^"]*""#, replacement: #""totp_secret_url":"\#(value)""#)))
                do {
                    _ = try await alice.beginTwoFactorSetup()
                    Issue.record("took \(value.prefix(40))")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .decoding, "\(error)")
                }
                #expect(!account.isTwoFactorEnabled)
            }
        }
    }

    @Test("A lost answer leaves the account showing what the server did", arguments: LemmyDialect.allCases)
    func lostAnswer(dialect: LemmyDialect) async throws {
        let now = Date()
        try await withServer(Self.configuration(dialect, now: now)) { server in
            let alice = try await logIn(server)
            let account = try await alice.loadAccount()
            let route =
                switch dialect {
                case .v0_18: "/user/save_user_settings"
                case .v0_19: "/user/totp/update"
                case .v1_0: "/account/auth/totp/edit"
                }
            if dialect == .v0_18 {
                // The settings change turned it on, but the answer never came.
                server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
                await #expect(throws: ApiClientError.self) { _ = try await alice.beginTwoFactorSetup() }
                #expect(account.isTwoFactorEnabled)
                // Asking again replaces the secret the person never saw.
                let setup = try await alice.beginTwoFactorSetup()
                #expect(setup.isEnabled && account.isTwoFactorEnabled)
                // Saved, but the read of the URL fails: on all the same.
                try await alice.disableTwoFactor(code: "")
                #expect(!account.isTwoFactorEnabled)
                server.faults.add(FaultRule(.status(code: 503, error: "unavailable"), route: "/site", method: "GET", count: 1))
                await #expect(throws: ApiClientError.self) { _ = try await alice.beginTwoFactorSetup() }
                #expect(account.isTwoFactorEnabled)
                return
            }
            let setup = try await alice.beginTwoFactorSetup()
            let code = try #require(TOTP.code(otpauthURL: setup.url.absoluteString, at: now))
            server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
            await #expect(throws: ApiClientError.self) { try await alice.enableTwoFactor(code: code) }
            #expect(account.isTwoFactorEnabled, "the server turned it on")
            server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
            await #expect(throws: ApiClientError.self) { try await alice.disableTwoFactor(code: code) }
            #expect(!account.isTwoFactorEnabled, "the server turned it off")
        }
    }

    @Test("The secret URL parser takes totp-rs' URLs and nothing else, and shows no control character")
    func parser() throws {
        // RFC 6238's SHA-1 key in base32: 32 digits.
        let key = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        let good = try #require(TwoFactorSetup(url: "otpauth://totp/My%20Site:ada?secret=\(key)&issuer=My%20Site", isEnabled: false))
        #expect(good.issuer == "My Site" && good.accountName == "ada" && good.secret == key)
        let bare = try #require(TwoFactorSetup(url: "otpauth://totp/ada?secret=\(key.lowercased())==", isEnabled: true))
        #expect(bare.issuer == nil && bare.accountName == "ada" && bare.secret == key && bare.isEnabled)
        for bad in [
            "", "otpauth://totp/ada", "otpauth://totp/ada?secret=", "https://totp/ada?secret=\(key)",
            "otpauth://totp/ada?secret=1890\(key)", "otpauth://totp/ada?secret=GEZDGNBV",
            // `ſ` and `ﬀ` uppercase to ASCII letters: a secret other than the URL's.
            "otpauth://totp/ada?secret=%C5%BF%EF%AC%80\(key)", "otpauth://totp/ada?secret=\(key)=A",
        ] {
            #expect(TwoFactorSetup(url: bad, isEnabled: false) == nil, "\(bad)")
        }
        // A hostile issuer and account: escape sequences, a newline, a bidi override.
        let hostile = try #require(
            TwoFactorSetup(
                url: "otpauth://totp/Evil%1B%5D52%3Bc%3Bx%07:ad%0Aa%E2%80%AE?secret=\(key)&issuer=Evil%1B%5D52%3Bc%3Bx%07",
                isEnabled: false))
        let shown = [hostile.issuer ?? "", hostile.accountName, hostile.description]
        #expect(shown.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } }, "\(shown)")
        #expect(hostile.accountName == "ad\u{FFFD}a\u{FFFD}")
    }

    @Test("The list of logins shows each live session (0.19 and later)", arguments: LemmyDialect.allCases)
    func logins(dialect: LemmyDialect) async throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        try await withServer(Self.configuration(dialect, now: now)) { server in
            let alice = try await logIn(server)
            _ = try await logIn(server)
            do {
                let logins = try await alice.logins()
                #expect(dialect != .v0_18)
                #expect(logins.count == 2)
                #expect(logins.allSatisfy { $0.created == now && $0.ip == "127.0.0.1" })
            } catch {
                #expect(dialect == .v0_18 && (error as? ApiClientError)?.kind == .unavailableInVersion, "\(error)")
            }
        }
    }
}
