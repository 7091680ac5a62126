import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The settings backup as Lemmy 0.19 (`/user/export_settings`, `/user/import_settings`) and 1.0
/// (`/account/settings/export`, `/account/settings/import`) write and read it
/// (`UserSettingsBackup`, `user_settings_backup.rs`).
@Suite("Settings backup as Lemmy writes and reads it")
struct SettingsBackupFidelityTests: RefusalChecking {
    /// A server without the one-a-day limit, for tests that export and import more than once.
    private func unlimited(_ dialect: LemmyDialect) -> LemmyTestServer.Configuration {
        var configuration = LemmyTestServer.Configuration(dialect: dialect)
        configuration.settingsBackupRateLimit = nil
        return configuration
    }

    private func export(_ client: TestClient) async throws -> [String: LemmyJSONValue] {
        let value =
            client.dialect == .v1_0
            ? try await client.send(LemmyV4.ExportUserSettings()) : try await client.send(LemmyV3.ExportSettings())
        guard case .object(let members) = value else {
            Issue.record("the backup is not an object: \(value)")
            return [:]
        }
        return members
    }

    private func importRaw(_ client: TestClient, _ backup: [String: LemmyJSONValue]) async throws -> TestClient.RawResponse {
        client.dialect == .v1_0
            ? try await client.sendRaw(LemmyV4.ImportUserSettings(.object(backup)))
            : try await client.sendRaw(LemmyV3.ImportSettings(.object(backup)))
    }

    private func strings(_ value: LemmyJSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test(
        "The export lists follows, saves and blocks by ActivityPub id, with each version's members", arguments: [LemmyDialect.v0_19, .v1_0])
    func export(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TestClient(server).login("alice")
            let community = try await alice.follow(community: 2, true).community
            let post = try await alice.save(post: 1, true).post
            try await alice.blockPerson(4, true)
            let backup = try await export(alice)
            #expect(strings(backup["followed_communities"]).contains(community.apId))
            #expect(strings(backup["saved_posts"]) == [post.apId])
            #expect(strings(backup["blocked_users"]).count == 1)
            guard case .object(let settings)? = backup["settings"] else {
                Issue.record("no settings object")
                return
            }
            #expect(settings["show_nsfw"] != nil && settings["person_id"] == .number(2))
            // Every member is written, an absent value as null.
            try server.store.with { db in db.persons[1].bio = nil }
            #expect(try await export(alice)["bio"] == .null)
            let versioned: [String] =
                dialect == .v1_0
                ? ["blocked_instances_communities", "blocked_instances_persons", "blocking_keywords", "discussion_languages"]
                : ["blocked_instances", "vote_display_mode_settings"]
            for key in versioned { #expect(backup[key] != nil, "\(key)") }
            #expect((backup["blocked_instances"] == nil) == (dialect == .v1_0))
        }
    }

    @Test(
        "A backup imported into another account brings its follows (pending), saves, blocks and texts",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func roundTrip(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            _ = try await alice.follow(community: 2, true)
            _ = try await alice.save(post: 1, true)
            try await alice.blockPerson(3, true)
            var backup = try await export(alice)
            backup["display_name"] = .string("Imported Name")
            // Carol's own, accepted follow of community 2 is written anew, pending, as Lemmy's upsert does.
            _ = try await carol.follow(community: 2, true)
            let answer = try await importRaw(carol, backup)
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            let imported = try await export(carol)
            #expect(imported["display_name"] == .string("Imported Name"))
            #expect(strings(imported["saved_posts"]) == strings(backup["saved_posts"]))
            #expect(strings(imported["blocked_users"]) == strings(backup["blocked_users"]))
            #expect(Set(strings(backup["followed_communities"])).isSubset(of: Set(strings(imported["followed_communities"]))))
            // Lemmy's import writes each follow `Pending`.
            if dialect == .v1_0 {
                let state = try await carol.send(LemmyV4.GetCommunity(ApiGetCommunity(id: 2))).communityView.communityActions?.followState
                #expect(state == .pending)
            } else {
                #expect(try await carol.send(LemmyV3.GetCommunity(ApiGetCommunity(id: 2))).communityView.subscribed == .pending)
            }
        }
    }

    @Test(
        "0.19 writes the texts as the backup has them, clearing absent ones; 1.0 writes only those it has",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func absentTexts(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TestClient(server).login("alice")
            try server.store.with { db in db.persons[1].displayName = "Alice A." }
            #expect(try await importRaw(alice, ["bot_account": .bool(false)]).status == 200)
            let name = try server.store.with { db in db.persons[1].displayName }
            #expect(name == (dialect == .v1_0 ? "Alice A." : nil))
        }
    }

    @Test("Too many URLs: too_many_items, after 0.19 wrote the texts; 1.0 refuses at 10,000", arguments: [LemmyDialect.v0_19, .v1_0])
    func tooManyItems(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TestClient(server).login("alice")
            let urls = LemmyJSONValue.array((0..<10_000).map { .string("https://remote.example/post/\($0)") })
            let answer = try await importRaw(alice, ["display_name": .string("Many"), "saved_posts": urls])
            if dialect == .v1_0 {
                #expect(answer.status == 400 && refusal(answer).code == "too_many_items")
            } else {
                // 0.19 takes exactly 10,000; one more is refused.
                #expect(answer.status == 200)
                let more = LemmyJSONValue.array((0...10_000).map { .string("https://remote.example/post/\($0)") })
                #expect(
                    refusal(try await importRaw(alice, ["display_name": .string("More"), "saved_posts": more])).code == "too_many_items")
                #expect(try server.store.with { db in db.persons[1].displayName } == "More")
            }
        }
    }

    @Test(
        "0.19 refuses settings that are not a whole LocalUser; 1.0 skips them; a list member must be a URL",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func malformed(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TestClient(server).login("alice")
            let followed = try server.store.with { db in db.users[2]?.follows.count ?? 0 }
            try server.store.with { db in db.persons[1].settings.blurNSFW = true }
            let partial = try await importRaw(alice, ["settings": .object(["show_nsfw": .bool(true)])])
            if dialect == .v1_0 {
                // 1.0's `LocalUser` is `#[serde(default)]`: the absent members are written at their defaults.
                #expect(partial.status == 200)
                let person = try server.store.with { db in db.persons[1] }
                #expect(person.showNSFW && !person.settings.blurNSFW && person.settings.defaultListing == "local")
                // A member of the wrong type makes the whole settings none (`deserialize_skip_error`).
                let wrong = try await importRaw(alice, ["settings": .object(["show_nsfw": .bool(false), "theme": .number(3)])])
                #expect(wrong.status == 200)
                #expect(try server.store.with { db in db.persons[1].showNSFW })
            } else {
                #expect(partial.status == 400 && refusal(partial).code == "unknown")
            }
            let notURL = try await importRaw(alice, ["followed_communities": .array([.string("gardening")])])
            #expect(notURL.status == 400 && refusal(notURL).message?.hasPrefix("Json deserialize error") == true)
            #expect(try server.store.with { db in db.users[2]?.follows.count ?? 0 } == followed)
        }
    }

    @Test(
        "One export or import a day per address, both sharing one limit: 0.19 rate_limit_error, 1.0 429 too_many_requests",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func rateLimit(dialect: LemmyDialect) async throws {
        let clock = ManualServerClock()
        try await clock.withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            // A guest's request is refused for the login, but the limiter ran first and took the
            // address's token: alice's export is refused too.
            let guest = try await importRaw(TestClient(server), [:])
            #expect(guest.status == 401 && refusal(guest).code == "incorrect_login")
            let limited = try await importRaw(alice, [:])
            if dialect == .v1_0 {
                #expect(limited.status == 429)
                #expect(try JSONSerialization.jsonObject(with: limited.body) as? [String: String] == ["error": "too_many_requests"])
            } else {
                #expect(refusal(limited).code == "rate_limit_error")
            }
            clock.move(by: 86_400)
            let backup = try await export(alice)
            // Bob, from the same address, is limited too: Lemmy's limiter counts addresses.
            let refused = try await importRaw(bob, backup)
            if dialect == .v1_0 {
                #expect(refused.status == 429 && refusal(refused).code == "too_many_requests")
            } else {
                #expect(refused.status == 400 && refusal(refused).code == "rate_limit_error")
            }
            clock.move(by: 86_400)
            #expect(try await importRaw(bob, backup).status == 200)
        }
    }

    @Test("1.0 refuses a malformed Matrix id and short or long blocking keywords; 0.19 takes the downvote display")
    func validations() async throws {
        try await withServer(unlimited(.v1_0)) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await importRaw(alice, ["matrix_id": .string("alice")])).code == "invalid_matrix_id")
            #expect(try await importRaw(alice, ["matrix_id": .string("@alice:matrix.example.org:8448")]).status == 200)
            #expect(refusal(try await importRaw(alice, ["blocking_keywords": .array([.string(" ab ")])])).code == "block_keyword_too_short")
            let long = String(repeating: "k", count: 51)
            #expect(refusal(try await importRaw(alice, ["blocking_keywords": .array([.string(long)])])).code == "block_keyword_too_long")
            // Both spellings of the instance list at once is serde's duplicate field.
            let both = try await importRaw(alice, ["blocked_instances": .array([]), "blocked_instances_communities": .array([])])
            #expect(both.status == 400)
            // Only unknown languages: every language, not none.
            #expect(try await importRaw(alice, ["discussion_languages": .array([.string("xx")])]).status == 200)
            #expect(try server.store.with { db in !db.persons[1].settings.discussionLanguages.isEmpty })
        }
        try await withServer(unlimited(.v0_19)) { server in
            let alice = try await TestClient(server).login("alice")
            var backup = try await export(alice)
            guard case .object(var display)? = backup["vote_display_mode_settings"] else {
                Issue.record("no vote display")
                return
            }
            display["downvotes"] = .bool(false)
            backup["vote_display_mode_settings"] = .object(display)
            #expect(try await importRaw(alice, backup).status == 200)
            #expect(try server.store.with { db in db.persons[1].settings.showDownvotes } == "hide")
        }
    }

    @Test("0.18 has no settings backup")
    func absentIn018() async throws {
        try await withServer(.v0_18) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await get(alice, "/user/export_settings", [:]).status == 404)
        }
    }
}
