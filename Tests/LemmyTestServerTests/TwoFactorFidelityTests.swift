import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Two-factor setup and the list of logins as each Lemmy version has them (0.18.5's
/// `save_settings.rs` and `validation.rs`, 0.19.13's and 1.0's `generate_totp_secret.rs`,
/// `update_totp.rs`, `list_logins.rs`, `login.rs`), with totp-rs' URL and checks.
@Suite("Two-factor setup and logins per dialect")
struct TwoFactorFidelityTests: RefusalChecking {
    /// A server whose clock stands still, so a code computed here is the server's current one
    /// however slowly the test runs.
    static func configuration(_ dialect: LemmyDialect, now: Date) -> LemmyTestServer.Configuration {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.clock = { now }
        return configuration
    }

    func loginRaw(_ server: LemmyTestServer, _ name: String, totp: String? = nil, headers: [(String, String)] = [])
        async throws -> TestClient.RawResponse
    {
        let path = server.dialect == .v1_0 ? "/account/auth/login" : "/user/login"
        var body: [String: Any] = ["username_or_email": name, "password": "password"]
        if let totp { body["totp_2fa_token"] = totp }
        return try await TestClient(server).raw(
            "POST", path: prefix(server.dialect) + path, body: try json(body), headers: headers)
    }

    /// The logins of a ListLogins answer: 0.19's bare array, 1.0's `logins`.
    func loginList(_ body: Data, dialect: LemmyDialect) throws -> [[String: Any]]? {
        let object = try JSONSerialization.jsonObject(with: body)
        if dialect == .v1_0 { return (object as? [String: Any])?["logins"] as? [[String: Any]] }
        return object as? [[String: Any]]
    }

    func string(_ raw: TestClient.RawResponse, _ key: String) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any], "\(raw.status)")
        return try #require(object[key] as? String, "\(object)")
    }

    @Test("0.19 and 1.0: a secret, then a code turns login's second factor on and off", arguments: [LemmyDialect.v0_19, .v1_0])
    func twoSteps(dialect: LemmyDialect) async throws {
        let now = Date()
        try await withServer(Self.configuration(dialect, now: now)) { server in
            let alice = try await TestClient(server).login("alice")
            let base = dialect == .v1_0 ? "/account/auth/totp" : "/user/totp"
            let toggle = dialect == .v1_0 ? "/edit" : "/update"
            #expect(refusal(try await post(alice, base + toggle, ["totp_token": "123456", "enabled": true])).code == "missing_totp_secret")
            let url = try string(try await post(alice, base + "/generate", [:]), "totp_secret_url")
            // totp-rs' `get_url`: the site's name issues it, SHA-1 is not named, a 40-hex-digit
            // secret's bytes in unpadded base32 (64 characters).
            let components = try #require(URLComponents(string: url))
            let secret = try #require(components.queryItems?.first?.value)
            #expect(url == "otpauth://totp/Lemmy%20Test%20Server:alice?secret=\(secret)&issuer=Lemmy%20Test%20Server")
            let key = try #require(TOTP.base32Decoded(secret))
            #expect(secret.count == 64 && key.count == 40)
            #expect(key.allSatisfy { Array("0123456789abcdef".utf8).contains($0) })
            // Not on yet: login asks for nothing, and the account says so.
            #expect(try await loginRaw(server, "alice").status == 200)
            #expect(try await alice.myLocalUser()?["totp_2fa_enabled"] as? Bool == false)
            #expect(try await alice.myLocalUser()?["totp_2fa_url"] == nil, "only 0.18 shows the URL")
            let code = try #require(TOTP.code(otpauthURL: url, at: now))
            let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
            let refused = refusal(try await post(alice, base + toggle, ["totp_token": wrong, "enabled": true]))
            #expect(refused.status == 400 && refused.code == "incorrect_totp_token")
            // totp-rs checks the step before and after too (skew 1), not two steps away.
            let key30 = TOTP.code(secret: key, at: now.addingTimeInterval(-30))
            let key60 = TOTP.code(secret: key, at: now.addingTimeInterval(-60))
            if key60 != code && key60 != key30 && key60 != TOTP.code(secret: key, at: now.addingTimeInterval(30)) {
                #expect(
                    refusal(try await post(alice, base + toggle, ["totp_token": key60, "enabled": true])).code == "incorrect_totp_token")
            }
            let on = try await post(alice, base + toggle, ["totp_token": key30, "enabled": true])
            #expect(on.status == 200 && String(decoding: on.body, as: UTF8.self) == #"{"enabled":true}"#)
            #expect(try await alice.myLocalUser()?["totp_2fa_enabled"] as? Bool == true)
            let missing = refusal(try await loginRaw(server, "alice"))
            #expect(missing.status == 400 && missing.code == "missing_totp_token")
            #expect(refusal(try await loginRaw(server, "alice", totp: wrong)).code == "incorrect_totp_token")
            // 0.18's algorithm gives another code, which 0.19 and 1.0 refuse.
            let sha256 = TOTP.code(secret: key, at: now, algorithm: .sha256)
            if sha256 != code { #expect(refusal(try await loginRaw(server, "alice", totp: sha256)).code == "incorrect_totp_token") }
            #expect(try await loginRaw(server, "alice", totp: code).status == 200)
            #expect(refusal(try await post(alice, base + "/generate", [:])).code == "totp_already_enabled")
            // Off again with a code: the secret is gone, so turning it on needs a new one.
            let off = try await post(alice, base + toggle, ["totp_token": code, "enabled": false])
            #expect(off.status == 200 && String(decoding: off.body, as: UTF8.self) == #"{"enabled":false}"#)
            #expect(try await loginRaw(server, "alice").status == 200)
            #expect(refusal(try await post(alice, base + toggle, ["totp_token": code, "enabled": true])).code == "missing_totp_secret")
        }
    }

    @Test("0.18: generate_totp_2fa turns the second factor on at once, with SHA-256 codes; false clears it")
    func settings018() async throws {
        let now = Date()
        try await withServer(Self.configuration(.v0_18, now: now)) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await alice.myLocalUser()?["totp_2fa_url"] == nil)
            #expect(try await post(alice, "/user/totp/generate", [:]).status == 404, "0.18 has no such route")
            let saved = try await post(alice, "/user/save_user_settings", ["generate_totp_2fa": true], method: "PUT")
            #expect(saved.status == 200)
            let url = try #require(try await alice.myLocalUser()?["totp_2fa_url"] as? String)
            #expect(
                url.hasPrefix("otpauth://totp/Lemmy%20Test%20Server:alice?secret=")
                    && url.hasSuffix("&algorithm=SHA256&issuer=Lemmy%20Test%20Server"))
            #expect(try await alice.myLocalUser()?["totp_2fa_enabled"] == nil, "0.18's local user has no such flag")
            #expect(refusal(try await loginRaw(server, "alice")).code == "missing_totp_token")
            let key = try #require(URLComponents(string: url)?.queryItems?.first?.value.flatMap(TOTP.base32Decoded))
            let sha1 = TOTP.code(secret: key, at: now, algorithm: .sha1)
            let sha256 = try #require(TOTP.code(otpauthURL: url, at: now))
            #expect(sha256 == TOTP.code(secret: key, at: now, algorithm: .sha256))
            if sha1 != sha256 { #expect(refusal(try await loginRaw(server, "alice", totp: sha1)).code == "incorrect_totp token") }
            #expect(try await loginRaw(server, "alice", totp: sha256).status == 200)
            // The seeded two-factor account is 0.18's too: SHA-256 codes from its secret.
            let dave = LemmyTestServer.twoFactorUsername
            #expect(try await loginRaw(server, dave, totp: TOTP.code(secret: TOTP.seededSecret, at: now, algorithm: .sha256)).status == 200)
            #expect(try await post(alice, "/user/save_user_settings", ["generate_totp_2fa": false], method: "PUT").status == 200)
            #expect(try await alice.myLocalUser()?["totp_2fa_url"] == nil)
            #expect(try await loginRaw(server, "alice").status == 200)
        }
    }

    @Test("A site name with a colon cannot issue a secret (totp-rs refuses it)", arguments: LemmyDialect.allCases)
    func colonInSiteName(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.site.name = "Lemmy: the test" }
            let alice = try await TestClient(server).login("alice")
            if dialect == .v0_18 {
                let answer = refusal(try await post(alice, "/user/save_user_settings", ["generate_totp_2fa": true], method: "PUT"))
                #expect(answer.status == 400 && answer.code == "Couldnt generate TOTP")
                #expect(try await loginRaw(server, "alice").status == 200, "no secret was stored")
            } else {
                let path = dialect == .v1_0 ? "/account/auth/totp/generate" : "/user/totp/generate"
                #expect(refusal(try await post(alice, path, [:])).code == "couldnt_generate_totp")
            }
        }
    }

    @Test("1.0 refuses a banned account a new secret (check_local_user_banned_or_deleted)")
    func bannedOn10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            #expect(try await post(admin, "/admin/ban", ["person_id": 4, "ban": true, "reason": "Spam"]).status == 200)
            #expect(refusal(try await post(carol, "/account/auth/totp/generate", [:])).code == "site_ban")
            #expect(
                refusal(try await post(carol, "/account/auth/totp/edit", ["totp_token": "123456", "enabled": false])).code == "site_ban")
            #expect(try await get(carol, "/account/login/list", [:]).status == 200, "list_logins checks no ban")
        }
    }

    @Test("A deleted account's right password gets `deleted`; a wrong one `incorrect_login`", arguments: LemmyDialect.allCases)
    func deletedAccountLogin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await TestClient(server).login("carol")
            let path = dialect == .v1_0 ? "/account" : "/user/delete_account"
            var body: [String: Any] = ["password": "password"]
            if dialect != .v0_18 { body["delete_content"] = false }
            #expect(try await post(carol, path, body, method: dialect == .v1_0 ? "DELETE" : "POST").status == 200)
            let deleted = refusal(try await loginRaw(server, "carol"))
            #expect(deleted.status == 400 && deleted.code == "deleted", "\(deleted)")
            let path2 = dialect == .v1_0 ? "/account/auth/login" : "/user/login"
            let wrong = try await TestClient(server).raw(
                "POST", path: prefix(dialect) + path2, body: try json(["username_or_email": "carol", "password": "wrong-password"]))
            #expect(refusal(wrong).code == "incorrect_login")
        }
    }

    @Test("A login's address and user agent: Forwarded before X-Forwarded-For, only visible ASCII", arguments: [LemmyDialect.v0_19, .v1_0])
    func loginOrigin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let first = try await loginRaw(
                server, "alice",
                headers: [
                    ("Forwarded", "for=\"198.51.100.2\";proto=https"), ("X-Forwarded-For", "203.0.113.9"), ("User-Agent", "Caf\u{E9}/1"),
                ])
            _ = try await loginRaw(server, "alice", headers: [("X-Forwarded-For", " , 203.0.113.9")])
            var alice = TestClient(server)
            alice.token = try string(first, "jwt")
            let logins = try #require(
                try loginList(
                    try await get(alice, dialect == .v1_0 ? "/account/login/list" : "/user/list_logins", [:]).body, dialect: dialect))
            #expect(logins.map { $0["ip"] as? String } == ["198.51.100.2", ""])
            // Not visible ASCII: actix's `to_str()` fails, Lemmy stores none and leaves the key out.
            #expect(logins.first?.keys.contains("user_agent") == false, "\(logins)")
        }
    }

    @Test("The list of logins: each session's time, address and user agent, oldest first, never a token", arguments: LemmyDialect.allCases)
    func logins(dialect: LemmyDialect) async throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        try await withServer(Self.configuration(dialect, now: now)) { server in
            let path = dialect == .v1_0 ? "/account/login/list" : "/user/list_logins"
            let first = try await loginRaw(server, "alice", headers: [("User-Agent", "Phone/1.0")])
            let second = try await loginRaw(
                server, "alice", headers: [("User-Agent", "Tablet/2.0"), ("X-Forwarded-For", "203.0.113.7, 10.0.0.1")])
            _ = try await loginRaw(server, "bob", headers: [("User-Agent", "Bob's")])
            var alice = TestClient(server)
            alice.token = try string(first, "jwt")
            let answer = try await get(alice, path, [:])
            if dialect == .v0_18 {
                #expect(answer.status == 404, "0.18 keeps no sessions")
                return
            }
            let logins = try #require(try loginList(answer.body, dialect: dialect))
            #expect(logins.count == 2, "bob's session is not alice's")
            #expect(logins.map { $0["user_agent"] as? String } == ["Phone/1.0", "Tablet/2.0"])
            #expect(logins.map { $0["ip"] as? String } == ["127.0.0.1", "203.0.113.7"])
            #expect(logins.allSatisfy { $0["user_id"] as? Int == 2 && $0["token"] == nil })
            let dateKey = dialect == .v1_0 ? "published_at" : "published"
            #expect(logins.allSatisfy { ($0[dateKey] as? String)?.hasPrefix("2025-06-15T15:06:40") == true }, "\(logins)")
            // Logging out ends that session, and the list shows it gone.
            var tablet = alice
            tablet.token = try string(second, "jwt")
            #expect(try await post(tablet, dialect == .v1_0 ? "/account/auth/logout" : "/user/logout", [:]).status == 200)
            let remaining = try #require(loginList(try await get(alice, path, [:]).body, dialect: dialect))
            #expect(remaining.map { $0["user_agent"] as? String } == ["Phone/1.0"])
        }
    }
}

extension TestClient {
    /// The account's `local_user` object from GetSite (0.18, 0.19) or GetMyUser (1.0), as JSON.
    func myLocalUser() async throws -> [String: Any]? {
        let path = dialect == .v1_0 ? "/api/v4/account" : "/api/v3/site"
        var query: [URLQueryItem] = []
        var headers: [(String, String)] = []
        if let token {
            if dialect == .v0_18 {
                query.append(URLQueryItem(name: "auth", value: token))
            } else {
                headers.append(("Authorization", "Bearer \(token)"))
            }
        }
        let answer = try await raw("GET", path: path, query: query, headers: headers)
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        let info = dialect == .v1_0 ? object : object?["my_user"] as? [String: Any]
        return (info?["local_user_view"] as? [String: Any])?["local_user"] as? [String: Any]
    }
}
