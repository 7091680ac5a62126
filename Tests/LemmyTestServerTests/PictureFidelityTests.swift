import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's picture routes as Lemmy main serves them (`routes/src/images/upload.rs`,
/// `delete.rs`, `utils.rs`'s `delete_old_image`), and 0.19's deletion of a replaced upload
/// (`replace_image`). In the tiny seed bob moderates communities 1 and 2; carol is person 4.
@Suite("Pictures set by upload (1.0) and replaced uploads (0.19)")
struct PictureFidelityTests: RefusalChecking {
    /// A 2×3 PNG header, enough for the server's sniffing.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3])
    static let gif = Data("GIF89a".utf8) + Data(repeating: 0, count: 20)
    /// An APNG: the rest of the PNG's header chunk (5 bytes and its CRC), then an animation control
    /// chunk before any image data.
    static let apng = png + Data(repeating: 0, count: 9) + Data([0, 0, 0, 8]) + Data("acTL".utf8) + Data(repeating: 0, count: 12)
    /// A WebP whose extended header (`VP8X`) has the animation flag.
    static let animatedWebP =
        Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0x02]) + Data(repeating: 0, count: 9)

    func upload(_ client: TestClient, _ path: String, id: String? = nil, data: Data = png) async throws -> TestClient.RawResponse {
        try await client.upload("/api/v4" + path, query: id.map { [URLQueryItem(name: "id", value: $0)] } ?? [], data: data)
    }

    func uploaded(_ raw: TestClient.RawResponse) throws -> ApiUploadImageResponse {
        #expect(raw.status == 200, "\(String(decoding: raw.body, as: UTF8.self))")
        return try JSONDecoder().decode(ApiUploadImageResponse.self, from: raw.body)
    }

    /// Uploads a PNG through 0.18's or 0.19's pict-rs route; returns the image's URL.
    func pictrs(_ client: TestClient, _ server: LemmyTestServer) async throws -> String {
        let raw = try await client.upload("/pictrs/image", data: Self.png)
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        let file = try #require((object["files"] as? [[String: Any]])?.first?["file"] as? String)
        return server.baseURL.absoluteString + "/pictrs/image/" + file
    }

    func myAvatar(_ client: TestClient) async throws -> String? {
        try await client.send(LemmyV4.GetMyUser()).localUserView.person.avatar
    }

    func community(_ client: TestClient, _ id: Int) async throws -> ApiCommunity {
        try await client.send(LemmyV4.GetCommunity(ApiGetCommunity(id: id))).communityView.community
    }

    /// Whether the server still serves the image at `url`.
    func served(_ client: TestClient, _ url: String) async throws -> Bool {
        let path = try #require(URL(string: url)?.path)
        return try await client.raw("GET", path: path).status == 200
    }

    @Test("The account's avatar: set by upload, replaced (the old upload is deleted), cleared")
    func avatar() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let first = try uploaded(try await upload(alice, "/account/avatar"))
            #expect(first.imageUrl?.contains("/api/v4/image/") == true && first.imageUrl?.hasSuffix(first.filename ?? "-") == true)
            #expect(try await myAvatar(alice) == first.imageUrl)
            #expect(try await served(alice, try #require(first.imageUrl)))

            let second = try uploaded(try await upload(alice, "/account/avatar"))
            #expect(try await myAvatar(alice) == second.imageUrl)
            #expect(try await !served(alice, try #require(first.imageUrl)))

            let cleared = try await alice.sendRaw(LemmyV4.DeleteUserAvatar())
            #expect(cleared.status == 200 && String(decoding: cleared.body, as: UTF8.self).contains("\"success\":true"))
            #expect(try await myAvatar(alice) == nil)
            #expect(try await !served(alice, try #require(second.imageUrl)))
            // With no avatar there is nothing to delete: success again.
            #expect(try await alice.sendRaw(LemmyV4.DeleteUserAvatar()).status == 200)

            let banner = try uploaded(try await upload(alice, "/account/banner"))
            #expect(try await alice.send(LemmyV4.GetMyUser()).localUserView.person.banner == banner.imageUrl)
        }
    }

    @Test("An old picture pict-rs does not have is Lemmy's `unknown`; the upload stays, the picture does not change")
    func foreignOldPicture() async throws {
        try await withServer(.v1_0) { server in
            try server.store.with { db in db.persons[1].avatar = "https://elsewhere.example/pictrs/image/theirs.png" }
            let alice = try await TestClient(server).login("alice")
            let refused = refusal(try await upload(alice, "/account/avatar"))
            #expect(refused.status == 400 && refused.code == "unknown")
            #expect(
                refused.message == "HTTP status client error (404 Not Found) for url (http://pictrs:8080/internal/delete?alias=theirs.png)")
            #expect(try await myAvatar(alice) == "https://elsewhere.example/pictrs/image/theirs.png")
            let uploads = try await alice.send(LemmyV4.ListMedia(ApiListMedia())).items
            #expect(uploads.count == 1)
            #expect(refusal(try await alice.sendRaw(LemmyV4.DeleteUserAvatar())).code == "unknown")
            #expect(try await myAvatar(alice) != nil)
        }
    }

    @Test("What pict-rs refuses with the avatar limits: any GIF, and what is no image")
    func refusedImages() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let gif = refusal(try await upload(alice, "/account/avatar", data: Self.gif))
            #expect(gif.status == 400 && gif.code == "pictrs_invalid_image_upload")
            #expect(gif.message == "Media type wasn't allowed for this upload")
            #expect(refusal(try await upload(alice, "/account/banner", data: Data("text".utf8))).code == "pictrs_invalid_image_upload")
            for animation in [Self.apng, Self.animatedWebP] {
                #expect(
                    refusal(try await upload(alice, "/account/avatar", data: animation)).message
                        == "Media type wasn't allowed for this upload")
                #expect(try await alice.upload("/api/v4/image", data: animation).status == 200)
            }
            // A free-standing image may be a GIF.
            #expect(try await alice.upload("/api/v4/image", data: Self.gif).status == 200)
            #expect(refusal(try await upload(TestClient(server), "/account/avatar")).status == 401)
        }
    }

    @Test("A community's icon and banner: moderators and admins, after the community is read")
    func communityPictures() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let admin = try await TestClient(server).login("admin")
            let icon = try uploaded(try await upload(bob, "/community/icon", id: "1"))
            #expect(try await community(bob, 1).icon == icon.imageUrl)
            let banner = try uploaded(try await upload(admin, "/community/banner", id: "3"))
            #expect(try await community(bob, 3).banner == banner.imageUrl)

            #expect(refusal(try await upload(carol, "/community/icon", id: "1")).code == "not_a_mod_or_admin")
            let unknown = refusal(try await upload(carol, "/community/icon", id: "999"))
            #expect(unknown.status == 404 && unknown.code == "not_found")
            let missing = refusal(try await upload(carol, "/community/icon"))
            #expect(missing.status == 400 && missing.code == "unknown")
            #expect(missing.message == "Query deserialize error: missing field `id`")
            #expect(
                refusal(try await upload(carol, "/community/icon", id: "x1")).message
                    == "Query deserialize error: invalid digit found in string")
            #expect(
                refusal(try await upload(carol, "/community/icon", id: "3000000000")).message
                    == "Query deserialize error: number too large to fit in target type")
            for (id, reason) in [
                ("+5", "invalid digit found in string"), ("--5", "invalid digit found in string"),
                ("", "cannot parse integer from empty string"),
            ] {
                #expect(refusal(try await upload(carol, "/community/icon", id: id)).message == "Query deserialize error: \(reason)")
            }
            let twice = try await carol.upload(
                "/api/v4/community/icon", query: [URLQueryItem(name: "id", value: "1"), URLQueryItem(name: "id", value: "2")],
                data: Self.png)
            #expect(refusal(twice).message == "Query deserialize error: duplicate field `id`")
            // The id is read before the login.
            #expect(refusal(try await upload(TestClient(server), "/community/icon")).code == "unknown")

            // A purged community is gone.
            try server.store.with { _ = $0.purged.communities.insert(3) }
            #expect(refusal(try await upload(admin, "/community/icon", id: "3")).code == "not_found")
            #expect(refusal(try await carol.sendRaw(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: 1)))).code == "not_a_mod_or_admin")
            #expect(try await bob.sendRaw(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: 1))).status == 200)
            #expect(try await community(bob, 1).icon == nil)
        }
    }

    @Test("Lemmy's route for a community's banner deletes and clears its icon instead")
    func bannerRouteClearsIcon() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let icon = try uploaded(try await upload(bob, "/community/icon", id: "2"))
            let banner = try uploaded(try await upload(bob, "/community/banner", id: "2"))
            #expect(try await bob.sendRaw(LemmyV4.DeleteCommunityBanner(ApiCommunityIdQuery(id: 2))).status == 200)
            let after = try await community(bob, 2)
            #expect(after.icon == nil && after.banner == banner.imageUrl)
            #expect(try await !served(bob, try #require(icon.imageUrl)))
            #expect(try await served(bob, try #require(banner.imageUrl)))
        }
    }

    @Test("The site's icon and banner: admins only")
    func sitePictures() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            #expect(refusal(try await upload(carol, "/site/icon")).code == "not_an_admin")
            let icon = try uploaded(try await upload(admin, "/site/icon"))
            #expect(try await carol.send(LemmyV4.GetSite()).siteView.site.icon == icon.imageUrl)
            #expect(refusal(try await carol.sendRaw(LemmyV4.DeleteSiteIcon())).code == "not_an_admin")
            #expect(try await admin.sendRaw(LemmyV4.DeleteSiteIcon()).status == 200)
            #expect(try await carol.send(LemmyV4.GetSite()).siteView.site.icon == nil)
            _ = try uploaded(try await upload(admin, "/site/banner"))
            #expect(try await carol.send(LemmyV4.GetSite()).siteView.site.banner != nil)
        }
    }

    @Test("A banned account may change its own pictures, not a community's")
    func banned() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            _ = try await admin.send(LemmyV4.BanPerson(ApiBanPerson(personId: 3, ban: true, reason: "Spam")))
            _ = try uploaded(try await upload(bob, "/account/avatar"))
            #expect(try await bob.sendRaw(LemmyV4.DeleteUserAvatar()).status == 200)
            #expect(refusal(try await upload(bob, "/community/icon", id: "1")).code == "site_ban")
            #expect(refusal(try await bob.sendRaw(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: 1)))).code == "site_ban")
            // The community is read first.
            #expect(refusal(try await bob.sendRaw(LemmyV4.DeleteCommunityIcon(ApiCommunityIdQuery(id: 999)))).code == "not_found")
        }
    }

    @Test("0.18 keeps a replaced upload")
    func replacedUploads018() async throws {
        try await withServer(.v0_18) { server in
            let alice = try await TestClient(server).login("alice")
            let url = try await pictrs(alice, server)
            let file = Database.pictrsAlias(of: url)
            for value in [url, ""] {
                var form = ApiSaveUserSettings()
                form.avatar = value
                #expect(try await alice.sendRaw(LemmyV3.SaveUserSettings(form)).status == 200)
            }
            #expect(try server.store.with { $0.persons[1].avatar } == nil)
            #expect(try server.store.with { $0.images[file] } != nil)
        }
    }

    @Test("0.19 deletes a replaced avatar or icon the person uploaded (anyone's for an admin), and leaves anyone else's")
    func replacedUploads019() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            func pictrs(_ client: TestClient) async throws -> String { try await self.pictrs(client, server) }
            func save(_ client: TestClient, avatar: String) async throws {
                var form = ApiSaveUserSettings()
                form.avatar = avatar
                _ = try await client.send(LemmyV3.SaveUserSettings(form))
            }
            let first = try await pictrs(alice)
            let second = try await pictrs(alice)
            let bobs = try await pictrs(bob)
            try await save(alice, avatar: first)
            try await save(alice, avatar: first)
            #expect(try await served(alice, first))
            try await save(alice, avatar: second)
            #expect(try await !served(alice, first))
            #expect(try await served(alice, second))
            // The replaced upload goes before the later checks: a refused bio does not bring it back.
            var refused = ApiSaveUserSettings()
            refused.avatar = ""
            refused.bio = String(repeating: "b", count: 1_001)
            #expect(refusal(try await alice.sendRaw(LemmyV3.SaveUserSettings(refused))).code == "bio_length_overflow")
            #expect(try await !served(alice, second))
            #expect(try server.store.with { $0.persons[1].avatar } == second)
            // Someone else's upload is left alone.
            try await save(alice, avatar: bobs)
            try await save(alice, avatar: "")
            #expect(try await served(alice, bobs))

            let icon = try await pictrs(bob)
            let admin = try await TestClient(server).login("admin")
            for (client, value) in [(bob, icon), (admin, "")] {
                var form = ApiEditCommunity(communityId: 1)
                form.icon = value
                _ = try await client.send(LemmyV3.EditCommunity(form))
            }
            // An admin's edit deletes anyone's replaced upload.
            #expect(try await !served(bob, icon))
        }
    }
}
