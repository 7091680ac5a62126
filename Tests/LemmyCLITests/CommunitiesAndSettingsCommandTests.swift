import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `communities` and `settings` commands, in each dialect.
@Suite("lemmy binary, communities and settings")
struct CommunitiesAndSettingsCommandTests {
    @Test("communities lists by listing, sort and page", arguments: LemmyDialect.allCases)
    func list(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let first = try await LemmyBinary.run(["communities", "--instance", instance, "--sort", "old", "--limit", "2", "--json"])
            #expect(first.status == 0, "\(first)")
            let page1 = try JSONOutput.decoder().decode(CommunitiesOutput.self, from: Data(first.stdout.utf8))
            #expect(page1.communities.map(\.id) == [1, 2] && page1.hasMore && page1.sort == "old")
            let second = try await LemmyBinary.run([
                "communities", "list", "--instance", instance, "--sort", "old", "--limit", "2",
                "--page", "2", "--json",
            ])
            let page2 = try JSONOutput.decoder().decode(CommunitiesOutput.self, from: Data(second.stdout.utf8))
            #expect(page2.communities.map(\.id) == [3] && !page2.hasMore)

            let text = try await LemmyBinary.run(["communities", "--instance", instance, "--sort", "new"])
            #expect(text.status == 0 && text.stdout.contains("c/") && text.stdout.contains("subscribers"))

            let config = try await TemporaryConfig.loggedIn(server)
            let subscribed = try await LemmyBinary.run(["communities", "--listing", "subscribed", "--json"], config: config.url)
            let mine = try JSONOutput.decoder().decode(CommunitiesOutput.self, from: Data(subscribed.stdout.utf8))
            #expect(Set(mine.communities.map(\.id)) == [1, 2] && mine.communities.allSatisfy { $0.subscription == "subscribed" })

            // A sort the version lacks: exit 76 and one line naming it.
            let missing = try await LemmyBinary.run([
                "communities", "--instance", instance, "--sort", dialect == .v1_0 ? "top-week" : "name-asc",
            ])
            #expect(missing.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(missing)")
            #expect(missing.errorLines.count == 1)
            let guest = try await LemmyBinary.run(["communities", "--instance", instance, "--listing", "subscribed"])
            #expect(guest.status == LemmyCLI.ExitStatus.auth.rawValue)
            let bad = try await LemmyBinary.run(["communities", "--instance", instance, "--sort", "sideways"])
            #expect(bad.status == LemmyCLI.ExitStatus.usage.rawValue)
        }
    }

    @Test("communities create and hide", arguments: LemmyDialect.allCases)
    func createAndHide(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TemporaryConfig.loggedIn(server)
            let created = try await LemmyBinary.run(
                ["communities", "create", "cli_made", "--title", "Made by the CLI", "--restricted", "--json"],
                config: alice.url)
            #expect(created.status == 0, "\(created)")
            let community = try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(created.stdout.utf8))
            #expect(community.name == "cli_made" && community.title == "Made by the CLI")

            let refused = try await LemmyBinary.run(["communities", "hide", "cli_made"], config: alice.url)
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let hidden = try await LemmyBinary.run(["communities", "hide", "cli_made", "--reason", "test"], config: admin.url)
            if dialect != .v0_19 {
                #expect(refused.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(refused)")
                #expect(hidden.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(hidden)")
            } else {
                #expect(refused.status == LemmyCLI.ExitStatus.software.rawValue && refused.stderr.contains("not_an_admin"), "\(refused)")
                #expect(hidden.status == 0, "\(hidden)")
                let guest = try await LemmyBinary.run([
                    "communities", "--instance", server.baseURL.absoluteString, "--limit", "50", "--json",
                ])
                let listed = try JSONOutput.decoder().decode(CommunitiesOutput.self, from: Data(guest.stdout.utf8))
                #expect(!listed.communities.contains { $0.name == "cli_made" })
            }
        }
    }

    @Test("login asks for the second factor of a two-factor account and takes it with --totp", arguments: LemmyDialect.allCases)
    func twoFactorLogin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try TemporaryConfig()
            let arguments = ["login", LemmyTestServer.twoFactorUsername, "--instance", server.baseURL.absoluteString, "--password-stdin"]
            let missing = try await LemmyBinary.run(arguments, config: config.url, input: "password\n")
            #expect(missing.status == LemmyCLI.ExitStatus.auth.rawValue && missing.stderr.contains("--totp"), "\(missing)")
            let code = TOTP.code(secret: TOTP.seededSecret, at: Date(), algorithm: TOTP.algorithm(for: dialect))
            let login = try await LemmyBinary.run(arguments + ["--totp", code], config: config.url, input: "password\n")
            #expect(login.status == 0, "\(login)")
            let whoami = try await LemmyBinary.run(["whoami"], config: config.url)
            #expect(whoami.stdout.contains("u/\(LemmyTestServer.twoFactorUsername)"))
        }
    }

    @Test("settings shows and sets the account's settings", arguments: LemmyDialect.allCases)
    func settings(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let shown = try await LemmyBinary.run(["settings", "--json"], config: config.url)
            #expect(shown.status == 0, "\(shown)")
            let before = try JSONOutput.decoder().decode(SettingsOutput.self, from: Data(shown.stdout.utf8))
            #expect(!before.showNsfw && before.displayName == "Alice" && before.defaultListing == "local")

            let set = try await LemmyBinary.run(
                [
                    "settings", "set", "show-nsfw=true", "default-sort=top-week", "default-listing=all",
                    "display-name=Alice Liddell", "bio=", "languages=37", "email=Alice@Example.org", "--json",
                ], config: config.url)
            #expect(set.status == 0, "\(set)")
            let after = try JSONOutput.decoder().decode(SettingsOutput.self, from: Data(set.stdout.utf8))
            #expect(after.showNsfw && after.defaultSort == "top-week" && after.defaultListing == "all")
            // 0.18 and 0.19 add undetermined (0), and report every language (here 0 and 37) as none.
            #expect(after.displayName == "Alice Liddell" && after.bio == nil && after.languages == (dialect == .v1_0 ? [37] : []))
            // Stored lowercased, with a verification link sent to it.
            #expect(before.email == "alice@lemmy.test" && after.email == "alice@example.org")
            #expect(server.emails().last?.to == "alice@example.org")

            let text = try await LemmyBinary.run(["settings"], config: config.url)
            #expect(text.stdout.contains("show-nsfw=true") && text.stdout.contains("display-name=Alice Liddell"))

            let badKey = try await LemmyBinary.run(["settings", "set", "colour=blue"], config: config.url)
            #expect(badKey.status == LemmyCLI.ExitStatus.usage.rawValue)
            let badValue = try await LemmyBinary.run(["settings", "set", "show-nsfw=maybe"], config: config.url)
            #expect(badValue.status == LemmyCLI.ExitStatus.usage.rawValue)
            // 0.19 takes show or hide (a bool), 1.0 also show-for-others; 0.18 has no such setting.
            let downvotes = try await LemmyBinary.run(["settings", "set", "show-downvotes=hide"], config: config.url)
            #expect(downvotes.status == (dialect == .v0_18 ? LemmyCLI.ExitStatus.unsupported.rawValue : 0), "\(downvotes)")
            let others = try await LemmyBinary.run(["settings", "set", "show-downvotes=show-for-others"], config: config.url)
            #expect(others.status == (dialect == .v1_0 ? 0 : LemmyCLI.ExitStatus.unsupported.rawValue), "\(others)")
            let guest = try await LemmyBinary.run(["settings", "--instance", server.baseURL.absoluteString])
            #expect(guest.status == LemmyCLI.ExitStatus.auth.rawValue)
        }
    }
}
