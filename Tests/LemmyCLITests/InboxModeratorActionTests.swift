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
}
