import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy admin site`: the site's settings, shown and changed (admins).
@Suite("lemmy admin site")
struct AdminSiteCommandTests {
    @Test("an admin changes the settings and reads them back; JSON names them; a server's escape codes never reach the terminal")
    func changeAndShow() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let changed = try await LemmyBinary.run(
                [
                    "admin", "site", "--name", "Gardeners", "--sidebar", "Grow \u{1B}[31mred\u{1B}[0m things", "--registration",
                    "application", "--question", "Why do you garden?", "--email-verification", "on",
                ], config: admin.url)
            #expect(changed.status == 0, "\(changed)")
            #expect(
                changed.stdout.contains("name: Gardeners") && changed.stdout.contains("asking: Why do you garden?"), "\(changed.stdout)")
            #expect(changed.stdout.contains("email verification: required") && !changed.stdout.contains("\u{1B}"), "\(changed.stdout)")
            let stored = try server.store.with { db in db.site }
            #expect(stored.name == "Gardeners" && stored.registrationMode == "require_application" && stored.requireEmailVerification)
            let json = try await LemmyBinary.run(["admin", "site", "--json"], config: admin.url)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["registration"] as? String == "application" && object["email_verification_required"] as? Bool == true)
            #expect(object["sidebar"] as? String == "Grow \u{1B}[31mred\u{1B}[0m things")
        }
    }

    @Test("a member is refused with Lemmy's code, and an unknown mode is a usage error")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let refused = try await LemmyBinary.run(["admin", "site", "--name", "Bob's"], config: bob.url)
            #expect(refused.status == LemmyCLI.ExitStatus.software.rawValue && refused.stderr.contains("not_an_admin"), "\(refused)")
            let unknown = try await LemmyBinary.run(["admin", "site", "--registration", "sometimes"], config: bob.url)
            #expect(unknown.status == 64, "\(unknown)")
            #expect(try server.store.with { db in db.site.name } == "Lemmy Test Server")
        }
    }
}

/// `lemmy admin taglines`: the site's taglines, listed and changed (admins).
@Suite("lemmy admin taglines")
struct AdminTaglinesCommandTests {
    @Test(
        "an admin adds, edits and deletes taglines, each time seeing the list; the options exclude each other",
        arguments: [
            LemmyDialect.v0_19, .v1_0,
        ])
    func lifecycle(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let added = try await LemmyBinary.run(["admin", "taglines", "--add", "Dig in"], config: admin.url)
            #expect(added.status == 0 && added.stdout.contains("Dig in"), "\(added)")
            let id = try #require(try server.store.with { db in db.site.taglines.first?.id })
            let edited = try await LemmyBinary.run(["admin", "taglines", "--edit", "\(id)", "--text", "Grow"], config: admin.url)
            #expect(edited.status == 0 && edited.stdout.contains("Grow") && !edited.stdout.contains("Dig in"), "\(edited)")
            let newId = try #require(try server.store.with { db in db.site.taglines.first?.id })
            let deleted = try await LemmyBinary.run(["admin", "taglines", "--delete", "\(newId)"], config: admin.url)
            #expect(deleted.status == 0 && deleted.stdout.contains("no taglines"), "\(deleted)")
            let both = try await LemmyBinary.run(["admin", "taglines", "--add", "x", "--delete", "1"], config: admin.url)
            #expect(both.status == 64, "\(both)")
        }
    }

    @Test("a tagline's escape codes from the server never reach the terminal; JSON keeps the text as sent")
    func hostileTagline() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            try server.store.with { db in db.site.taglines = [db.newTagline("Dig \u{1B}[2J\u{1B}]0;owned\u{7}in", now: 0)] }
            let listed = try await LemmyBinary.run(["admin", "taglines"], config: admin.url)
            #expect(listed.status == 0 && listed.stdout.contains("Dig") && !listed.stdout.contains("\u{1B}"), "\(listed)")
            let json = try await LemmyBinary.run(["admin", "taglines", "--json"], config: admin.url)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(items.first?["content"] as? String == "Dig \u{1B}[2J\u{1B}]0;owned\u{7}in")
        }
    }
}
