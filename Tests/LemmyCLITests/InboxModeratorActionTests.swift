import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `inbox` showing what moderators did to the account (Lemmy 1.0 notifies
/// it). In the tiny seed bob moderates community 2, `gardening`.
@Suite("lemmy binary, moderator actions in the inbox")
struct InboxModeratorActionTests {
    @Test("A community ban shows as a notice with its reason, escape codes never reaching the terminal; --json keeps them")
    func communityBan() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let reason = "Spam \u{1B}[2J\u{07}again"
            let banned = try await LemmyBinary.run(["ban", "carol", "--community", "gardening", "--reason", reason], config: bob.url)
            #expect(banned.status == 0, "\(banned)")

            let inbox = try await LemmyBinary.run(["inbox"], config: carol.url)
            #expect(inbox.status == 0 && inbox.stdout.contains("Notices (1)"), "\(inbox)")
            #expect(inbox.stdout.contains("a moderator banned you from c/gardening"), "\(inbox)")
            #expect(inbox.stdout.contains("reason: Spam") && inbox.stdout.contains("again"), "\(inbox)")
            #expect(!inbox.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })

            let json = try await LemmyBinary.run(["inbox", "--json"], config: carol.url)
            let output = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(json.stdout.utf8))
            let notice = try #require(output.notices?.first)
            #expect(notice.reason == "moderator_action" && !notice.read && notice.post == nil)
            #expect(
                notice.moderatorAction
                    == InboxOutput.ModeratorAction(action: "ban_from_community", revert: false, reason: reason, community: "gardening"))
        }
    }

    @Test("lemmy warn warns a post's or a comment's author, who sees it in the inbox; one target is required")
    func warn() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let posted = try await LemmyBinary.run(["submit", "gardening", "Tomatoes are in", "--json"], config: carol.url)
            let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(posted.stdout.utf8))
            let warned = try await LemmyBinary.run(["warn", "--post", "\(post.id)", "Mind the rules"], config: bob.url)
            #expect(warned.status == 0 && warned.stdout.contains("Warned u/carol"), "\(warned)")

            let inbox = try await LemmyBinary.run(["inbox"], config: carol.url)
            #expect(inbox.stdout.contains("a moderator warned you about your post “Tomatoes are in”"), "\(inbox)")
            #expect(inbox.stdout.contains("reason: Mind the rules"), "\(inbox)")
            let json = try await LemmyBinary.run(["inbox", "--json"], config: carol.url)
            let output = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(json.stdout.utf8))
            #expect(output.notices?.first?.moderatorAction?.action == "warn_post")
            #expect(output.notices?.first?.moderatorAction?.postId == post.id)

            let both = try await LemmyBinary.run(["warn", "--post", "1", "--comment", "1", "Why"], config: bob.url)
            #expect(both.status == ExitStatus.usage.rawValue, "\(both)")
            let refused = try await LemmyBinary.run(["warn", "--post", "\(post.id)", "Again"], config: carol.url)
            #expect(refused.status != 0 && !refused.stderr.isEmpty, "\(refused)")
        }
    }

    @Test(
        "lemmy modlog lists a community's moderator actions newest first, naming whom; --json keeps them",
        arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func modlog(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let banned = try await LemmyBinary.run(["ban", "carol", "--community", "gardening", "--reason", "Spam"], config: bob.url)
            #expect(banned.status == 0, "\(banned)")
            if dialect == .v1_0 {
                let posted = try await LemmyBinary.run(["submit", "gardening", "Tomatoes are in", "--json"], config: bob.url)
                let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(posted.stdout.utf8))
                #expect(try await LemmyBinary.run(["warn", "--post", "\(post.id)", "Mind the rules"], config: bob.url).status == 0)
            }

            let shown = try await LemmyBinary.run(["modlog", "--community", "gardening"], config: bob.url)
            #expect(shown.status == 0 && shown.stdout.contains("banned u/carol from c/gardening"), "\(shown)")
            #expect(shown.stdout.contains("reason: Spam"), "\(shown)")
            let json = try await LemmyBinary.run(["modlog", "--community", "gardening", "--json"], config: bob.url)
            let output = try JSONOutput.decoder().decode(ModlogOutput.self, from: Data(json.stdout.utf8))
            let actions = output.entries.map(\.action.action)
            #expect(output.community == "gardening")
            #expect(
                Array(actions.prefix(dialect == .v1_0 ? 2 : 1))
                    == (dialect == .v1_0 ? ["warn_post", "ban_from_community"] : ["ban_from_community"]))
            #expect(output.entries.first { $0.action.action == "ban_from_community" }?.person == "carol")
            #expect(output.entries.map(\.date) == output.entries.map(\.date).sorted(by: >))
        }
    }
}
