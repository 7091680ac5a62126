import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.setImage` and `removeImage` against the test server of every version: 1.0 sets
/// pictures by upload, 0.18 and 0.19 upload to pict-rs and store the URL (see
/// PictureFidelityTests for the server's rules). In the tiny seed bob moderates communities 1
/// and 2; carol moderates nothing.
@Suite("Pictures: avatars, banners and icons") @MainActor
struct PictureTests {
    static let png = ImageUploadMiddlewareTests.png

    /// How many uploads the server keeps.
    static func uploads(_ server: LemmyTestServer) throws -> Int { try server.store.with { $0.images.count } }

    @Test("The avatar and banner: set by upload, shown by the account's person, cleared", arguments: LemmyDialect.allCases)
    func accountPictures(dialect: LemmyDialect) async throws {
        try await ImageUploadMiddlewareTests.withImageServer(dialect) { server in
            let alice = try await login(server, "alice")
            try await alice.loadAccount()
            var steps: [Double] = []
            let avatar = try await alice.setImage(.avatar, data: Self.png, mimeType: "image/png") { steps.append($0.fractionCompleted) }
            #expect(steps == [0, 1])
            #expect(alice.account?.person?.avatar == avatar.url)
            #expect(alice.account?.settings?.avatar == avatar.url)
            let (status, _) = try await ImageUploadMiddlewareTests.fetch(avatar.url)
            #expect(status == 200)

            let banner = try await alice.setImage(.accountBanner, data: Self.png)
            #expect(alice.account?.person?.banner == banner.url)
            try await alice.removeImage(.avatar)
            #expect(alice.account?.person?.avatar == nil && alice.account?.person?.banner == banner.url)
        }
    }

    @Test("A community's icon: its moderator sets and clears it; the community's model shows it", arguments: LemmyDialect.allCases)
    func communityIcon(dialect: LemmyDialect) async throws {
        try await ImageUploadMiddlewareTests.withImageServer(dialect) { server in
            let bob = try await login(server, "bob")
            let community = try await bob.getCommunity(id: 1)
            let icon = try await bob.setImage(.communityIcon(communityId: 1), data: Self.png)
            #expect(community.icon == icon.url)
            let banner = try await bob.setImage(.communityBanner(communityId: 1), data: Self.png)
            #expect(community.banner == banner.url && community.icon == icon.url)
            try await bob.removeImage(.communityIcon(communityId: 1))
            #expect(community.icon == nil && community.banner == banner.url)
        }
    }

    @Test("0.18 and 0.19: a refused second step deletes the upload again", arguments: [LemmyDialect.v0_18, .v0_19])
    func refusedStoreDeletesUpload(dialect: LemmyDialect) async throws {
        try await ImageUploadMiddlewareTests.withImageServer(dialect) { server in
            let loader = GatingLoader()
            let carol = try await login(server, "carol", loader: loader)
            let before = try Self.uploads(server)
            let error = await #expect(throws: ApiClientError.self) {
                try await carol.setImage(.communityIcon(communityId: 1), data: Self.png)
            }
            #expect(error?.lemmyCode?.code == (dialect == .v0_18 ? "not_a_moderator" : "not_a_mod_or_admin"))
            let paths = loader.requestedPaths
            #expect(paths.contains("/pictrs/image") && paths.contains { $0.hasPrefix("/pictrs/image/delete/") }, "\(paths)")
            #expect(try Self.uploads(server) == before)
        }
    }

    @Test("0.19: when only the read after a stored avatar fails, the call succeeds and the upload stays")
    func failedRereadKeepsUpload() async throws {
        try await ImageUploadMiddlewareTests.withImageServer(.v0_19) { server in
            let alice = try await login(server, "alice")
            try await alice.loadAccount()
            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: "/site", method: "GET", count: 1))
            let image = try await alice.setImage(.avatar, data: Self.png)
            #expect(try server.store.with { $0.persons[1].avatar } == image.url.absoluteString)
            #expect(try server.store.with { $0.images[image.filename] } != nil)
        }
    }

    @Test("1.0: a lost answer to the upload reads the account again, which then shows the server's avatar")
    func lostUploadAnswer() async throws {
        try await ImageUploadMiddlewareTests.withImageServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            try await alice.loadAccount()
            server.faults.add(FaultRule(.closeAfterHandling, route: "/account/avatar", count: 1))
            let error = await #expect(throws: ApiClientError.self) { try await alice.setImage(.avatar, data: Self.png) }
            #expect(error?.kind == .transport)
            let stored = try server.store.with { $0.persons[1].avatar }
            #expect(stored != nil && alice.account?.person?.avatar?.absoluteString == stored)
        }
    }

    @Test("0.19: a lost answer to the second step keeps the upload and reads the community again")
    func lostStoreAnswer() async throws {
        try await ImageUploadMiddlewareTests.withImageServer(.v0_19) { server in
            let bob = try await login(server, "bob")
            let community = try await bob.getCommunity(id: 2)
            server.faults.add(FaultRule(.closeAfterHandling, route: "/community", count: 1))
            let error = await #expect(throws: ApiClientError.self) {
                try await bob.setImage(.communityIcon(communityId: 2), data: Self.png)
            }
            #expect(error?.kind == .transport)
            let stored = try server.store.with { $0.communities[1].icon }
            #expect(stored != nil && community.icon?.absoluteString == stored)
            #expect(try Self.uploads(server) == 1)
        }
    }

    @Test("1.0: an old avatar pict-rs lacks is refused with Lemmy's unknown; the account keeps it")
    func foreignOldAvatar() async throws {
        try await ImageUploadMiddlewareTests.withImageServer(.v1_0) { server in
            let theirs = "https://elsewhere.example/pictrs/image/theirs.png"
            try server.store.with { $0.persons[1].avatar = theirs }
            let alice = try await login(server, "alice")
            try await alice.loadAccount()
            let error = await #expect(throws: ApiClientError.self) { try await alice.setImage(.avatar, data: Self.png) }
            #expect(error?.lemmyCode?.code == "unknown")
            #expect(try server.store.with { $0.persons[1].avatar } == theirs)
            #expect(alice.account?.person?.avatar?.absoluteString == theirs)
        }
    }

    @Test("The site's pictures (1.0 admins); before 1.0, and a community's banner removal on 1.0, nothing is sent")
    func siteAndRefusals() async throws {
        try await ImageUploadMiddlewareTests.withImageServer(.v1_0) { server in
            let admin = try await login(server, "admin")
            let site = try await admin.getSite()
            let icon = try await admin.setImage(.siteIcon, data: Self.png)
            #expect(site.icon == icon.url)
            try await admin.removeImage(.siteIcon)
            #expect(site.icon == nil)

            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            _ = try await bob.setImage(.communityBanner(communityId: 2), data: Self.png)
            let sent = loader.requestedPaths.count
            let error = await #expect(throws: ApiClientError.self) { try await bob.removeImage(.communityBanner(communityId: 2)) }
            #expect(error?.kind == .unavailableInVersion)
            #expect(loader.requestedPaths.count == sent)
            #expect(try server.store.with { $0.communities[1].banner } != nil)
        }
        try await ImageUploadMiddlewareTests.withImageServer(.v0_19) { server in
            let loader = GatingLoader()
            let admin = try await login(server, "admin", loader: loader)
            _ = try await admin.getSite()
            let sent = loader.requestedPaths.count
            for call in [{ try await admin.setImage(.siteIcon, data: Self.png) }, { try await admin.removeImage(.siteBanner) }]
                as [() async throws -> Any]
            {
                let error = await #expect(throws: ApiClientError.self) { _ = try await call() }
                #expect(error?.kind == .unavailableInVersion)
            }
            #expect(loader.requestedPaths.count == sent)
        }
    }
}
