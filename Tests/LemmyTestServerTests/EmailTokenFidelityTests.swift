import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The links Lemmy emails and the calls that take their tokens back, as each version serves
/// them (facts in `Database+EmailTokens.swift`): VerifyEmail, PasswordChangeAfterReset and 1.0's
/// ResendVerificationEmail.
@Suite("Email links: verify email, password change after reset")
struct EmailTokenFidelityTests: RefusalChecking {
    static func verifyPath(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/auth/verify_email" : "/user/verify_email"
    }

    static func passwordChangePath(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/auth/password_change" : "/user/password_change"
    }

    static func registerPath(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/auth/register" : "/user/register"
    }

    static func resetPath(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/auth/password_reset" : "/user/password_reset"
    }

    /// Signs `name` up with `Name@Example.TEST` (stored lowercased) on a site that asks for verification.
    func register(_ server: LemmyTestServer, _ name: String) async throws {
        server.configureRegistration(RegistrationSettings(emailVerification: true))
        let form: [String: Any] = [
            "username": name, "password": "password123", "password_verify": "password123", "email": "\(name.capitalized)@Example.TEST",
            "show_nsfw": false,
        ]
        let answer = try await post(TestClient(server), Self.registerPath(server.configuration.dialect), form)
        #expect(answer.status == 200, "\(answer)")
    }

    func loginStatus(_ server: LemmyTestServer, _ name: String, password: String) async throws -> (
        status: Int, code: String, message: String?
    ) {
        let path = server.configuration.dialect == .v1_0 ? "/account/auth/login" : "/user/login"
        return refusal(try await post(TestClient(server), path, ["username_or_email": name, "password": password]))
    }

    func body(_ raw: TestClient.RawResponse) -> String { String(decoding: raw.body, as: UTF8.self) }

    @Test("Sign-up emails a link; its token verifies the address once, then login works", arguments: LemmyDialect.allCases)
    func verifies(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try await register(server, "newcomer")
            #expect(try await loginStatus(server, "newcomer", password: "password123").code == "email_not_verified")
            let emails = server.emails()
            #expect(emails.count == 1)
            let email = try #require(emails.first)
            #expect(email.kind == .emailVerification && email.to == "newcomer@example.test")
            #expect(email.link.hasSuffix("/verify_email/\(email.token)") && UUID(uuidString: email.token) != nil)

            let guest = TestClient(server)
            let answer = try await post(guest, Self.verifyPath(dialect), ["token": email.token])
            #expect(answer.status == 200)
            #expect(body(answer) == (dialect == .v0_18 ? "{}" : #"{"success":true}"#))
            #expect(try await loginStatus(server, "newcomer", password: "password123").status == 200)
            // By address too (`find_by_email_or_name`): in any case from 0.19 on, as stored on 0.18.
            #expect(try await loginStatus(server, "newcomer@example.test", password: "password123").status == 200)
            let otherCase = try await loginStatus(server, "NewComer@example.test", password: "password123")
            #expect(dialect == .v0_18 ? otherCase.code == "incorrect_login" : otherCase.status == 200)
            #expect(server.emails().isEmpty)

            // Used: every version refuses it, in its own words.
            let again = refusal(try await post(guest, Self.verifyPath(dialect), ["token": email.token]))
            switch dialect {
            case .v0_18: #expect(again.status == 404 && again.code == "token_not_found")
            case .v0_19: #expect(again.status == 400 && again.code == "token_not_found")
            case .v1_0:
                #expect(again.status == 404 && again.code == "not_found")
                // diesel's NotFound, whose text 1.0 gives as the cause.
                let object = try await post(guest, Self.verifyPath(dialect), ["token": email.token]).body
                #expect((try JSONSerialization.jsonObject(with: object) as? [String: Any])?["cause"] as? String == "Record not found")
            }
        }
    }

    @Test("Any of an account's links verifies it, and ends them all; a link lasts a week", arguments: LemmyDialect.allCases)
    func verificationLinks(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try await register(server, "newcomer")
            try server.store.with { db in
                let first = db.emailVerifications[0]
                db.sendVerificationEmail(to: first.personId, email: "second@example.test", now: first.published)
                db.sendVerificationEmail(to: first.personId, email: "third@example.test", now: first.published)
                // A week and a second old: expired.
                db.emailVerifications[2].published -= Database.verificationLifetime + 1
            }
            let links = try server.store.with { db in db.emailVerifications }
            let guest = TestClient(server)
            let expired = refusal(try await post(guest, Self.verifyPath(dialect), ["token": links[2].token]))
            #expect(expired.code == (dialect == .v1_0 ? "not_found" : "token_not_found"))
            // The second link verifies, and sets its address.
            #expect(try await post(guest, Self.verifyPath(dialect), ["token": links[1].token]).status == 200)
            let person = try server.store.with { db in try #require(db.person(links[1].personId)) }
            #expect(!person.emailUnverified && person.email == "second@example.test")
            #expect(try server.store.with { db in db.emailVerifications.isEmpty })
            #expect(
                refusal(try await post(guest, Self.verifyPath(dialect), ["token": links[0].token])).code
                    == (dialect == .v1_0 ? "not_found" : "token_not_found"))
        }
    }

    @Test(
        "1.0 refuses the link of a banned or deleted account, after finding the token; 0.19 verifies it",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func bannedOrDeleted(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try await register(server, "newcomer")
            let (token, personId) = try server.store.with { db in (db.emailVerifications[0].token, db.emailVerifications[0].personId) }
            try server.store.with { db in db.persons[personId - 1].banned = true }
            let banned = refusal(try await post(TestClient(server), Self.verifyPath(dialect), ["token": token]))
            if dialect == .v1_0 {
                #expect(banned.code == "site_ban")
                try server.store.with { db in
                    db.persons[personId - 1].banned = false
                    db.persons[personId - 1].deleted = true
                }
                #expect(refusal(try await post(TestClient(server), Self.verifyPath(dialect), ["token": token])).code == "deleted")
                #expect(try server.store.with { db in db.persons[personId - 1].emailUnverified })
            } else {
                #expect(banned.status == 200)
            }
        }
    }

    @Test(
        "A reset link sets the password and ends every session; 0.18 answers a LoginResponse without a token",
        arguments: LemmyDialect.allCases)
    func passwordChange(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            // 0.18's `PasswordResetResponse` is a struct without fields: `{}`, not `null`.
            let reset = try await post(TestClient(server), Self.resetPath(dialect), ["email": "alice@lemmy.test"])
            #expect(reset.status == 200 && body(reset) == (dialect == .v0_18 ? "{}" : #"{"success":true}"#))
            let email = try #require(server.emails().first)
            #expect(
                email.kind == .passwordReset && email.to == "alice@lemmy.test" && email.link.hasSuffix("/password_change/\(email.token)"))

            let change = ["token": email.token, "password": "a new password", "password_verify": "a new password"]
            let answer = try await post(TestClient(server), Self.passwordChangePath(dialect), change)
            #expect(answer.status == 200)
            if dialect == .v0_18 {
                let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
                #expect(
                    object["jwt"] == nil && object["registration_created"] as? Bool == false
                        && object["verify_email_sent"] as? Bool == false)
            } else {
                #expect(body(answer) == #"{"success":true}"#)
            }
            #expect(try server.store.with { db in db.sessions.values.contains { $0.personId == 2 } } == false)
            let aliceToken = try #require(alice.token)
            #expect(try server.store.with { db in db.sessions[aliceToken] } == nil)
            #expect(try await loginStatus(server, "alice", password: "password").code == "incorrect_login")
            #expect(try await loginStatus(server, "alice", password: "a new password").status == 200)

            // 0.18 keeps the link for the rest of its day; 0.19 and 1.0 took it.
            let again = try await post(TestClient(server), Self.passwordChangePath(dialect), change)
            #expect((again.status == 200) == (dialect == .v0_18), "\(again)")
        }
    }

    @Test("A refused password still uses up a 0.19 or 1.0 link; the checks come in Lemmy's order", arguments: LemmyDialect.allCases)
    func passwordChangeRefusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = TestClient(server)
            for _ in 0..<2 { #expect(try await post(guest, Self.resetPath(dialect), ["email": "bob@lemmy.test"]).status == 200) }
            let tokens = server.emails().map(\.token)
            #expect(tokens.count == 2 && Set(tokens).count == 2)

            let short = refusal(
                try await post(
                    guest, Self.passwordChangePath(dialect), ["token": tokens[0], "password": "short", "password_verify": "short"]))
            #expect(short.code == "invalid_password")
            let mismatch = refusal(
                try await post(
                    guest, Self.passwordChangePath(dialect),
                    ["token": tokens[1], "password": "long enough 1", "password_verify": "long enough 2"]))
            #expect(mismatch.code == (dialect == .v0_18 ? "passwords_dont_match" : "passwords_do_not_match"))

            // The length comes before the match; the same text in two Unicode forms does not match.
            #expect(try await post(guest, Self.resetPath(dialect), ["email": "bob@lemmy.test"]).status == 200)
            let third = try #require(server.emails().last?.token)
            let both = refusal(
                try await post(guest, Self.passwordChangePath(dialect), ["token": third, "password": "short", "password_verify": "other"]))
            #expect(both.code == "invalid_password")
            if dialect == .v0_18 {
                let forms = refusal(
                    try await post(
                        guest, Self.passwordChangePath(dialect),
                        ["token": third, "password": "caf\u{E9} password", "password_verify": "cafe\u{301} password"]))
                #expect(forms.code == "passwords_dont_match")
            }
            // Both refusals used their links up, except on 0.18.
            let retry = try await post(
                guest, Self.passwordChangePath(dialect),
                ["token": tokens[0], "password": "long enough 1", "password_verify": "long enough 1"])
            #expect((retry.status == 200) == (dialect == .v0_18))
            let unknown = refusal(
                try await post(
                    guest, Self.passwordChangePath(dialect),
                    ["token": UUID().uuidString.lowercased(), "password": "long enough 1", "password_verify": "long enough 1"]))
            switch dialect {
            case .v0_18: #expect(unknown.status == 404 && unknown.code == "text" && unknown.message == "Record not found")
            case .v0_19: #expect(unknown.status == 400 && unknown.code == "token_not_found")
            case .v1_0: #expect(unknown.status == 400 && unknown.code == "deleted")
            }
        }
    }

    @Test("Lemmy counts a password's Unicode scalars, not its characters", arguments: LemmyDialect.allCases)
    func passwordLengthInScalars(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            for _ in 0..<2 { _ = try await post(TestClient(server), Self.resetPath(dialect), ["email": "bob@lemmy.test"]) }
            let tokens = server.emails().map(\.token)
            // 31 characters of 61 scalars (an e and a combining accent each, and an x): too long.
            let long = String(repeating: "e\u{301}", count: 30) + "x"
            let refused = refusal(
                try await post(
                    TestClient(server), Self.passwordChangePath(dialect), ["token": tokens[0], "password": long, "password_verify": long]))
            #expect(refused.code == "invalid_password")
            // Two characters of ten scalars (a family emoji is five): long enough.
            let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
            let short = family + family
            let taken = try await post(
                TestClient(server), Self.passwordChangePath(dialect), ["token": tokens[1], "password": short, "password_verify": short])
            #expect(taken.status == 200, "\(taken)")
        }
    }

    @Test("A reset link lasts a day", arguments: LemmyDialect.allCases)
    func passwordLinkExpires(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            #expect(try await post(TestClient(server), Self.resetPath(dialect), ["email": "bob@lemmy.test"]).status == 200)
            let token = try server.store.with { db in
                db.passwordResets[0].published -= Database.passwordResetLifetime + 1
                return db.passwordResets[0].token
            }
            #expect(server.emails().isEmpty)
            let change = ["token": token, "password": "long enough 1", "password_verify": "long enough 1"]
            let expired = refusal(try await post(TestClient(server), Self.passwordChangePath(dialect), change))
            switch dialect {
            case .v0_18: #expect(expired.status == 404 && expired.message == "Record not found")
            case .v0_19: #expect(expired.code == "token_not_found")
            case .v1_0: #expect(expired.code == "deleted")
            }
        }
    }

    @Test("1.0 sends a new link only to an unverified account that needs one, and answers alike either way")
    func resend() async throws {
        try await withServer(.v1_0) { server in
            try await register(server, "newcomer")
            let guest = TestClient(server)
            let path = "/account/auth/resend_verification_email"
            // An admin needs no verification, even unverified.
            try server.store.with { db in db.persons[0].emailUnverified = true }
            for address in ["NEWCOMER@example.test", "nobody@example.test", "admin@lemmy.test", "alice@lemmy.test"] {
                let answer = try await post(guest, path, ["email": address])
                #expect(answer.status == 200 && body(answer) == #"{"success":true}"#)
            }
            // Only the first address, in any case, got a second link.
            let emails = server.emails()
            #expect(emails.count == 2 && emails.allSatisfy { $0.to == "newcomer@example.test" })
            // A banned account gets none; nor does a verified one.
            let personId = try server.store.with { db in try #require(db.person(named: "newcomer")).id }
            try server.store.with { db in db.persons[personId - 1].banned = true }
            _ = try await post(guest, path, ["email": "newcomer@example.test"])
            try server.store.with { db in
                db.persons[personId - 1].banned = false
                db.persons[personId - 1].emailUnverified = false
            }
            _ = try await post(guest, path, ["email": "newcomer@example.test"])
            #expect(server.emails().count == 2)
        }
    }

    @Test("GET /__admin/emails lists the links, for clients out of process")
    func adminListing() async throws {
        try await withServer(.v0_19) { server in
            _ = try await post(TestClient(server), "/user/password_reset", ["email": "carol@lemmy.test"])
            let answer = try await TestClient(server).raw("GET", path: "/__admin/emails")
            #expect(answer.status == 200)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let listed = try decoder.decode([TestServerEmail].self, from: answer.body)
            #expect(listed.map(\.token) == server.emails().map(\.token) && listed.first?.to == "carol@lemmy.test")
        }
    }
}

/// SaveUserSettings' `email`, as each version takes it (facts in `Database+Account.swift`'s
/// `changeEmail`).
@Suite("Email links: changing the address in the settings")
struct SettingsEmailFidelityTests: RefusalChecking {
    func save(_ client: TestClient, _ fields: [String: Any]) async throws -> TestClient.RawResponse {
        let path = client.dialect == .v1_0 ? "/account/settings/save" : "/user/save_user_settings"
        return try await post(client, path, fields, method: "PUT")
    }

    @Test("A new address is stored lowercased at once and sent a link; the account stays verified", arguments: LemmyDialect.allCases)
    func change(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await save(alice, ["email": "Alice.New@Example.TEST"]).status == 200)
            let person = try server.store.with { db in try #require(db.person(2)) }
            #expect(person.email == "alice.new@example.test" && !person.emailUnverified)
            let link = try #require(server.emails().last)
            #expect(link.kind == .emailVerification && link.to == "alice.new@example.test")
            // The same address again sends nothing.
            #expect(try await save(alice, ["email": "alice.new@example.test"]).status == 200)
            #expect(server.emails().count == 1)
        }
    }

    @Test(
        "Another account's address is refused, in each version's words; 0.18 only as it writes, after sending the link",
        arguments: LemmyDialect.allCases)
    func taken(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let refused = refusal(try await save(alice, ["email": "BOB@lemmy.test", "bio": "Changed"]))
            #expect(refused.code == (dialect == .v1_0 ? "email_already_taken" : "email_already_exists"))
            let person = try server.store.with { db in try #require(db.person(2)) }
            // 0.18 wrote the profile before its database refused the address, and had sent the link.
            #expect(person.emailAddress == "alice@lemmy.test" && (person.bio == "Changed") == (dialect == .v0_18))
            #expect(server.emails().count == (dialect == .v0_18 ? 1 : 0))
            if dialect == .v0_18 {
                // That link cannot give alice bob's address: the database refuses it again.
                let token = try #require(server.emails().first?.token)
                #expect(refusal(try await post(TestClient(server), "/user/verify_email", ["token": token])).status == 400)
                #expect(try server.store.with { db in db.person(2)?.emailAddress } == "alice@lemmy.test")
            }
        }
    }

    @Test("An empty address clears it, unless the site requires verification", arguments: LemmyDialect.allCases)
    func clear(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            server.configureRegistration(RegistrationSettings(emailVerification: true))
            #expect(refusal(try await save(alice, ["email": ""])).code == "email_required")
            server.configureRegistration(RegistrationSettings())
            #expect(try await save(alice, ["email": ""]).status == 200)
            #expect(try server.store.with { db in db.person(2)?.emailAddress } == "")
            // No account is found by an empty address: no link goes out.
            let reset = refusal(
                try await post(
                    TestClient(server), dialect == .v1_0 ? "/account/auth/password_reset" : "/user/password_reset", ["email": ""]))
            switch dialect {
            case .v0_18: #expect(reset.code == "couldnt_find_that_username_or_email")
            case .v0_19: #expect(reset.code == "incorrect_login")
            case .v1_0: #expect(reset.status == 200)
            }
            #expect(server.emails().isEmpty)
        }
    }
}
