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
}
