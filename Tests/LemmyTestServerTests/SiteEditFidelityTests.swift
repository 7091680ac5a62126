import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// EditSite and CreateSite as Lemmy 0.18.5, 0.19.13 and main answer them
/// (`api_crud/src/site/{update,create,mod}.rs`, `utils/src/utils/validation.rs`).
@Suite("EditSite and CreateSite as each Lemmy version answers them")
struct SiteEditFidelityTests: RefusalChecking {
    private func edit(_ client: TestClient, _ fields: [String: Any]) async throws -> TestClient.RawResponse {
        try await post(client, "/site", fields, method: "PUT")
    }

    private func code(_ client: TestClient, _ fields: [String: Any]) async throws -> String {
        refusal(try await edit(client, fields)).code
    }

    private func site(_ client: TestClient) async throws -> [String: Any] {
        let raw = try await get(client, "/site", [:])
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        return try #require(object["site_view"] as? [String: Any])
    }

    @Test(
        "The checks in Lemmy's order, each version's limits and spellings",
        arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func refusalsInOrder(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let application = dialect == .v1_0 ? "require_application" : "RequireApplication"
            let subscribed = dialect == .v1_0 ? "subscribed" : "Subscribed"
            #expect(try await code(bob, ["name": "Mine"]) == "not_an_admin")
            // The filter first: a bad pattern outranks a bad name; then a pattern matching "1".
            #expect(try await code(admin, ["slur_filter_regex": "(", "name": ""]) == "invalid_regex")
            #expect(try await code(admin, ["slur_filter_regex": "\\d"]) == "permissive_regex")
            #expect(
                try await code(admin, ["name": "", "summary": "", "description": String(repeating: "d", count: 151)])
                    == "site_name_required")
            #expect(try await code(admin, ["name": String(repeating: "n", count: 21)]) == "site_name_length_overflow")
            // Eleven two-byte letters: 22 bytes for 0.18, 11 UTF-16 units later.
            let accented = try await edit(admin, ["name": String(repeating: "é", count: 11)])
            #expect(dialect == .v0_18 ? refusal(accented).code == "site_name_length_overflow" : accented.status == 200)
            // The new filter checks the name (and the description) it comes with.
            #expect(try await code(admin, ["slur_filter_regex": "badword", "name": "A BadWord site"]) == "slurs")
            let longDescription = [dialect == .v1_0 ? "summary" : "description": String(repeating: "d", count: 151)]
            #expect(
                try await code(admin, longDescription.merging(["sidebar": String(repeating: "s", count: 10_001)]) { a, _ in a })
                    == "site_description_length_overflow")
            #expect(
                try await code(admin, ["default_post_listing_type": subscribed, "sidebar": String(repeating: "s", count: 10_001)])
                    == "invalid_default_post_listing_type")
            #expect(
                try await code(admin, ["sidebar": String(repeating: "s", count: 10_001), "registration_mode": application])
                    == "invalid_body_field")
            #expect(try await code(admin, ["registration_mode": application]) == "application_question_required")
            let cleared = try await edit(admin, ["registration_mode": application, "application_question": ""])
            #expect(refusal(cleared).code == "application_question_required")
            // 0.18 alone refuses a private instance that federates.
            let both = try await edit(admin, ["private_instance": true, "federation_enabled": true])
            #expect(dialect == .v0_18 ? refusal(both).code == "cant_enable_private_instance_and_federation_together" : both.status == 200)
            // 1.0 takes every feed but Subscribed and ModeratorView; earlier ones All and Local.
            if dialect == .v1_0 {
                #expect(try await edit(admin, ["default_post_listing_type": "suggested"]).status == 200)
                #expect(try await code(admin, ["default_post_listing_type": "moderator_view"]) == "invalid_default_post_listing_type")
            }
            #expect(try await edit(admin, ["default_post_listing_type": dialect == .v1_0 ? "all" : "All"]).status == 200)
            // Nothing refused was written.
            let view = try await site(admin)
            let stored = try #require(view["site"] as? [String: Any])
            #expect(stored["name"] as? String == (dialect == .v0_18 ? "Lemmy Test Server" : String(repeating: "é", count: 11)))
            #expect((view["local_site"] as? [String: Any])?["slur_filter_regex"] == nil)
        }
    }

    @Test(
        "An edit is shown by its answer and by GetSite; an empty text clears; 0.18/0.19 replace the taglines",
        arguments: [
            LemmyDialect.v0_18, .v0_19, .v1_0,
        ])
    func writes(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let summaryKey = dialect == .v1_0 ? "summary" : "description"
            let answer = try await edit(
                admin,
                [
                    "name": "Gardeners", summaryKey: "For people who garden", "sidebar": "", "legal_information": "Be kind",
                    "registration_mode": dialect == .v1_0 ? "require_application" : "RequireApplication",
                    "application_question": "Why do you garden?", "taglines": ["Dig in", "Grow"],
                ])
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            let response = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            let taglines = (response["taglines"] as? [[String: Any]])?.compactMap { $0["content"] as? String }
            #expect(dialect == .v1_0 ? response["taglines"] == nil : taglines == ["Dig in", "Grow"])
            for view in [try #require(response["site_view"] as? [String: Any]), try await site(admin)] {
                let site = try #require(view["site"] as? [String: Any])
                let local = try #require(view["local_site"] as? [String: Any])
                #expect(site["name"] as? String == "Gardeners" && site[summaryKey] as? String == "For people who garden")
                #expect(site["sidebar"] == nil && site["updated"] ?? site["updated_at"] != nil)
                #expect(
                    local["legal_information"] as? String == "Be kind" && local["application_question"] as? String == "Why do you garden?")
                #expect(local["registration_mode"] as? String == (dialect == .v1_0 ? "require_application" : "RequireApplication"))
            }
            // Omitted fields stay; `[]` clears the taglines.
            #expect(try await edit(admin, ["taglines": []]).status == 200)
            let kept = try #require(try await site(admin)["site"] as? [String: Any])
            #expect(kept["name"] as? String == "Gardeners")
            if dialect != .v1_0 {
                let raw = try await get(admin, "/site", [:])
                let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
                #expect((object["taglines"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test(
        "0.18 stores the texts cleaned as HTML; 0.19 and 1.0 replace slurs in the sidebar with the filter held before",
        arguments: [
            LemmyDialect.v0_18, .v0_19, .v1_0,
        ])
    func storedTexts(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            // The filter comes with this edit: the sidebar is matched with the one held before (none).
            #expect(try await edit(admin, ["slur_filter_regex": "badword", "sidebar": "a badword here"]).status == 200)
            #expect((try await site(admin)["site"] as? [String: Any])?["sidebar"] as? String == "a badword here")
            #expect(try await edit(admin, ["sidebar": "a BADWORD and <script>x</script>"]).status == 200)
            let sidebar = (try await site(admin)["site"] as? [String: Any])?["sidebar"] as? String
            switch dialect {
            case .v0_18: #expect(sidebar == "a BADWORD and ")
            case .v0_19, .v1_0: #expect(sidebar == "a *removed* and <script>x</script>")
            }
            // A summary with slurs: 1.0's cause lists the matches, sorted, each once.
            let slurs = try await edit(admin, [dialect == .v1_0 ? "summary" : "description": "badword, BADWORD and badword"])
            #expect(refusal(slurs).code == "slurs")
            if dialect == .v1_0 {
                let object = try JSONSerialization.jsonObject(with: slurs.body) as? [String: Any]
                #expect(object?["cause"] as? String == "No slurs - BADWORD, badword")
            }
        }
    }

    @Test("0.18 clears a text that is markup alone once cleaned: a question cleared so leaves applications without one")
    func markupAloneClears() async throws {
        try await withServer(.v0_18) { server in
            let admin = try await TestClient(server).login("admin")
            let answer = try await edit(
                admin,
                ["sidebar": "<script>x</script>", "registration_mode": "RequireApplication", "application_question": "<script>?</script>"])
            #expect(answer.status == 200)
            let stored = try server.store.with { db in (db.site.sidebar, db.site.applicationQuestion) }
            #expect(stored.0 == nil && stored.1 == nil)
            #expect(try await code(admin, ["name": "Other"]) == "application_question_required")
        }
    }

    @Test(
        "A federation list that fails leaves the site's own writes, and neither the accounts nor the taglines change",
        arguments: [
            LemmyDialect.v0_18, .v0_19,
        ])
    func listFailureOrder(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            try server.store.with { db in db.persons[3].applicationPending = true }
            let long = String(repeating: "a", count: 250) + ".example"
            for list in [["a.example", "a.example"], ["new.example", long]] {
                let failed = try await edit(
                    admin,
                    [
                        "name": "Renamed", "taglines": ["T"], "registration_mode": "RequireApplication", "application_question": "Why?",
                        "blocked_instances": list,
                    ])
                #expect(failed.status == 400)
                #expect(refusal(failed).message?.contains(list[0] == "a.example" ? "unique constraint" : "character varying(255)") == true)
            }
            let state = try server.store.with { db in
                (
                    db.site.name, db.site.taglines.isEmpty, db.persons[3].applicationPending,
                    db.instanceDomains.values.contains("new.example")
                )
            }
            #expect(state == ("Renamed", true, true, false))
        }
    }

    @Test("An unverified address logs in once the site stops requiring verification", arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func verificationOff(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            try server.store.with { db in
                db.site.requireEmailVerification = true
                db.persons[3].emailUnverified = true
            }
            let path = dialect == .v1_0 ? "/account/auth/login" : "/user/login"
            let refused = try await post(TestClient(server), path, ["username_or_email": "carol", "password": "password"])
            #expect(refusal(refused).code == "email_not_verified")
            #expect(try await edit(admin, ["require_email_verification": false, "email_verification_required": false]).status == 200)
            #expect(try await TestClient(server).login("carol").token != nil)
        }
    }

    @Test("Applications on: every local account is accepted; off: none is; verification on: every address is verified")
    func accountSideEffects() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            try server.store.with { db in
                db.persons[3].applicationPending = true
                db.persons[3].emailUnverified = true
            }
            #expect(try await edit(admin, ["registration_mode": "RequireApplication", "application_question": "Why?"]).status == 200)
            #expect(try server.store.with { db in db.persons[3].applicationPending } == false)
            try server.store.with { db in db.persons[3].applicationPending = true }
            // Switching away approves nothing (Lemmy issue 4969), nor does a switch between other modes.
            #expect(try await edit(admin, ["registration_mode": "Open"]).status == 200)
            #expect(try await edit(admin, ["registration_mode": "Closed"]).status == 200)
            #expect(try server.store.with { db in db.persons[3].applicationPending } == true)
            #expect(try server.store.with { db in db.persons[3].emailUnverified } == true)
            #expect(try await edit(admin, ["require_email_verification": true]).status == 200)
            #expect(try server.store.with { db in db.persons[3].emailUnverified } == false)
        }
    }

    @Test(
        "0.18 and 0.19 replace the federation lists whole; a domain twice fails after the site's own writes and leaves the lists",
        arguments: [
            LemmyDialect.v0_18, .v0_19,
        ])
    func federationLists(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            func lists() async throws -> (allowed: [String], blocked: [String]) {
                let raw = try await get(admin, "/federated_instances", [:])
                let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
                let lists = try #require(object["federated_instances"] as? [String: Any])
                func domains(_ key: String) -> [String] { ((lists[key] as? [[String: Any]]) ?? []).compactMap { $0["domain"] as? String } }
                return (domains("allowed"), domains("blocked"))
            }
            let answer = try await edit(
                admin, ["blocked_instances": ["Spam.Example", "REMOTE.example"], "allowed_instances": ["other.example"]])
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            let after = try await lists()
            // 0.19 finds remote.example whatever the case; 0.18 makes a second row as written.
            #expect(
                after.blocked.sorted() == (dialect == .v0_18 ? ["REMOTE.example", "Spam.Example"] : ["Spam.Example", "remote.example"]))
            #expect(after.allowed == ["other.example"])
            let twice = try await edit(admin, ["name": "Renamed", "blocked_instances": ["one.example", "one.example"]])
            let failure = refusal(twice)
            #expect(failure.status == 400)
            #expect(dialect == .v0_18 ? failure.code == "text" : failure.code == "unknown")
            #expect(failure.message?.contains("federation_blocklist_instance_id_key") == true)
            #expect(try await lists().blocked.sorted() == after.blocked.sorted())
            #expect(try server.store.with { db in (db.site.name, db.instanceDomains.values.contains("one.example")) } == ("Renamed", false))
            #expect(try await edit(admin, ["blocked_instances": [], "allowed_instances": []]).status == 200)
            #expect(try await lists() == ([], []))
        }
    }

    @Test("Community creation for admins only refuses anyone else first", arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func communityCreationAdminOnly(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            #expect(try await edit(admin, ["community_creation_admin_only": true]).status == 200)
            // Before the name's own check: an invalid name still gets this code.
            let byBob = try await post(bob, "/community", ["name": "no such name!", "title": "Bob's"])
            #expect(refusal(byBob).code == "only_admins_can_create_communities")
            #expect(try await post(admin, "/community", ["name": "admins_only", "title": "Admins"]).status == 200)
            let local = try #require(try await site(admin)["local_site"] as? [String: Any])
            #expect(local["community_creation_admin_only"] as? Bool == true)
        }
    }

    @Test(
        "CreateSite on a site set up: not_an_admin, then site_already_exists (1.0: already_exists)",
        arguments: [
            LemmyDialect.v0_18, .v0_19, .v1_0,
        ])
    func createSite(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            #expect(refusal(try await post(bob, "/site", ["name": "Another"])).code == "not_an_admin")
            let again = refusal(try await post(admin, "/site", ["name": "Another"]))
            #expect(again.code == (dialect == .v1_0 ? "already_exists" : "site_already_exists"))
        }
    }
}
