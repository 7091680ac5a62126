import Foundation
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `picture` command. In the tiny seed bob moderates `technology` (community
/// 1), not `music`.
@Suite("lemmy binary, picture")
struct PictureCommandTests {
    /// A PNG header, enough for the test server's sniffing.
    static func pngFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3])
            .write(to: url)
        return url
    }

    @Test(
        "picture set and remove: the avatar on every version, a moderated community's icon, refusals named",
        arguments: LemmyDialect.allCases)
    func setAndRemove(dialect: LemmyDialect) async throws {
        let file = try Self.pngFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer(dialect) { server in
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let avatar = try await LemmyBinary.run(["picture", "set", "avatar", file.path], config: bob.url)
            #expect(avatar.status == 0 && avatar.stdout.hasPrefix("Set your avatar: http"), "\(avatar)")
            let url = String(avatar.stdout.dropFirst("Set your avatar: ".count)).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try server.store.with { $0.persons[2].avatar } == url)

            let icon = try await LemmyBinary.run(["picture", "set", "icon", file.path, "--community", "technology"], config: bob.url)
            #expect(icon.status == 0 && icon.stdout.contains("c/technology's icon"), "\(icon)")
            let refused = try await LemmyBinary.run(["picture", "set", "banner", file.path, "--community", "music"], config: bob.url)
            let code = dialect == .v0_18 ? "not_a_moderator" : "not_a_mod_or_admin"
            #expect(refused.status != 0 && refused.stderr.contains(code), "\(refused)")

            let removed = try await LemmyBinary.run(["picture", "remove", "avatar"], config: bob.url)
            #expect(removed.status == 0 && removed.stdout.contains("Removed your avatar"), "\(removed)")
            #expect(try server.store.with { $0.persons[2].avatar } == nil)
        }
    }

    @Test("An icon needs an owner; an avatar has no other owner")
    func usage() async throws {
        let icon = try await LemmyBinary.run(["picture", "set", "icon", "x.png"])
        #expect(icon.status == 64 && icon.stderr.contains("--community"), "\(icon)")
        let avatar = try await LemmyBinary.run(["picture", "remove", "avatar", "--site"])
        #expect(avatar.status == 64 && avatar.stderr.contains("only an account has an avatar"), "\(avatar)")
    }
}
