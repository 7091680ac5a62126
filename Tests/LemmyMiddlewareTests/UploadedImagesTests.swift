import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The lists of uploads (`ApiClient.uploadedImages`, `instanceUploads`) and deleting from them,
/// against the test server's 0.19.13 and 1.0, whose rules come from Lemmy's source (see
/// `MediaListRoutes.swift`).
@Suite("Images: the lists of uploads") @MainActor
struct UploadedImagesTests {
    /// Runs `body` against a tiny server of `dialect` on a clock that moves a minute per upload.
    static func withServer(_ dialect: LemmyDialect, _ body: @MainActor (LemmyTestServer, ManualServerClock) async throws -> Void)
        async throws
    {
        let clock = ManualServerClock()
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.clock = { clock.date }
        let server = try await LemmyTestServer.start(configuration)
        do {
            try await body(server, clock)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Uploads `count` images as `client`, a minute apart; returns them in upload order.
    static func upload(_ count: Int, as client: ApiClient, clock: ManualServerClock) async throws -> [UploadedImage] {
        var images: [UploadedImage] = []
        for _ in 0..<count {
            clock.move(by: 60)
            images.append(try await client.uploadImage(data: ImageUploadMiddlewareTests.png, mimeType: "image/png"))
        }
        return images
    }

    /// Every page of `list` from the start.
    static func all<Item>(_ list: (LemmyMiddleware.PageCursor?) async throws -> ContentPage<Item>) async throws -> [Item] {
        var items: [Item] = []
        var cursor: LemmyMiddleware.PageCursor?
        repeat {
            let page = try await list(cursor)
            items += page.items
            cursor = page.next
        } while cursor != nil && items.count < 100
        return items
    }

    @Test(
        "The account's own uploads, paged: newest first on 0.19, by file name on 1.0; each is served and deletable",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func ownUploads(dialect: LemmyDialect) async throws {
        try await Self.withServer(dialect) { server, clock in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let mine = try await Self.upload(3, as: alice, clock: clock)
            _ = try await Self.upload(1, as: bob, clock: clock)

            let listed = try await Self.all { try await alice.uploadedImages(limit: 2, cursor: $0) }
            let expected = dialect == .v1_0 ? mine.map(\.filename).sorted() : mine.reversed().map(\.filename)
            #expect(listed.map(\.filename) == expected)
            for image in listed {
                let uploaded = try #require(mine.first { $0.filename == image.filename })
                #expect(image.url == uploaded.url, "the list's URL is the one the upload answered")
                #expect(image.created != nil)
                #expect((image.deleteToken == uploaded.deleteToken) == true)
            }
            if dialect == .v0_19 {
                let dates = listed.compactMap(\.created)
                #expect(dates == dates.sorted(by: >))
            }

            let first = try #require(listed.first)
            try await alice.deleteImage(first)
            #expect(try await ImageUploadMiddlewareTests.fetch(first.url).0 == 404)
            #expect(try await Self.all { try await alice.uploadedImages(limit: 2, cursor: $0) }.count == 2)
        }
    }

    @Test("0.19.13 ignores the delete token: the uploader deletes with any, someone else finds no such image, an admin deletes anyone's")
    func deleteByOwnerOrAdmin() async throws {
        try await Self.withServer(.v0_19) { server, clock in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let admin = try await login(server, "admin")
            let images = try await Self.upload(3, as: alice, clock: clock)

            try await alice.deleteImage(UploadedImage(url: images[0].url, filename: images[0].filename, deleteToken: "wrong"))
            #expect(try await ImageUploadMiddlewareTests.fetch(images[0].url).0 == 404)

            await #expect {
                try await bob.deleteImage(images[1])
            } throws: { error in
                (error as? ApiClientError)?.isNotFound == true
            }
            #expect(try await ImageUploadMiddlewareTests.fetch(images[1].url).0 == 200)

            try await admin.deleteImage(images[1])
            #expect(try await ImageUploadMiddlewareTests.fetch(images[1].url).0 == 404)
        }
    }

    @Test("Admins list everyone's uploads with the uploader; others are refused", arguments: [LemmyDialect.v0_19, .v1_0])
    func instanceUploads(dialect: LemmyDialect) async throws {
        try await Self.withServer(dialect) { server, clock in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let admin = try await login(server, "admin")
            let hers = try await Self.upload(2, as: alice, clock: clock)
            let his = try await Self.upload(1, as: bob, clock: clock)

            let listed = try await Self.all { try await admin.instanceUploads(limit: 2, cursor: $0) }
            let uploaders = Dictionary(listed.map { ($0.image.filename, $0.uploader.name) }, uniquingKeysWith: { first, _ in first })
            #expect(uploaders.count == listed.count, "no image listed twice")
            #expect(uploaders == Dictionary(uniqueKeysWithValues: hers.map { ($0.filename, "alice") } + his.map { ($0.filename, "bob") }))

            await #expect {
                _ = try await alice.instanceUploads()
            } throws: { error in
                lemmyCode(error as? ApiClientError) == "not_an_admin"
            }
        }
    }

    @Test("An admin deletes anyone's upload from the list; others are refused; 0.18 has no such call", arguments: LemmyDialect.allCases)
    func deleteAnyImage(dialect: LemmyDialect) async throws {
        try await Self.withServer(dialect) { server, clock in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let admin = try await login(server, "admin")
            let image = try #require(try await Self.upload(1, as: alice, clock: clock).first)
            if dialect == .v0_18 {
                let error = await #expect(throws: ApiClientError.self) { try await admin.deleteAnyImage(image) }
                #expect(error?.kind == .unavailableInVersion)
                #expect(try await ImageUploadMiddlewareTests.fetch(image.url).0 == 200)
                return
            }
            let listed = try #require(try await admin.instanceUploads().items.first { $0.image.filename == image.filename })
            let refused = await #expect(throws: ApiClientError.self) { try await bob.deleteAnyImage(listed.image) }
            // 1.0 checks the admin; 0.19's delete finds none of bob's images by that name.
            if dialect == .v1_0 { #expect(refused.flatMap(lemmyCode) == "not_an_admin") } else { #expect(refused?.isNotFound == true) }
            #expect(try await ImageUploadMiddlewareTests.fetch(image.url).0 == 200)

            // Known by its name alone (0.19.13 ignores the delete token, so none is needed).
            try await admin.deleteAnyImage(UploadedImage(url: listed.image.url, filename: listed.image.filename, deleteToken: nil))
            #expect(try await ImageUploadMiddlewareTests.fetch(image.url).0 == 404)
            #expect(try await alice.uploadedImages().items.isEmpty)
            if dialect == .v1_0 {
                // pict-rs has nothing to purge: its 400 comes through as Lemmy's `unknown`.
                let again = await #expect(throws: ApiClientError.self) { try await admin.deleteAnyImage(listed.image) }
                #expect(again.flatMap(lemmyCode) == "unknown")
            }
        }
    }

    @Test("A hostile alias stays one path segment of the image URL", arguments: [LemmyDialect.v0_19, .v1_0])
    func hostileAlias(dialect: LemmyDialect) async throws {
        try await Self.withServer(dialect) { server, _ in
            let alice = try await login(server, "alice")
            let alias = "../../api/v3/user/delete_account?x=1#é"
            try server.store.with { db in
                db.images[alias] = ImageRecord(
                    filename: alias, deleteToken: "t", ownerId: 2, contentType: "image/png", data: Data([1]), published: 0)
            }
            let image = try #require(try await alice.uploadedImages().items.first)
            #expect(image.filename == alias)
            #expect(image.url.host == server.baseURL.host && image.url.query == nil && image.url.fragment == nil)
            let prefix = dialect == .v1_0 ? "/api/v4/image/" : "/pictrs/image/"
            #expect(image.url.path(percentEncoded: true).hasPrefix(prefix))
            #expect(!image.url.path(percentEncoded: true).dropFirst(prefix.count).contains("/"))
            #expect(image.url.path(percentEncoded: false) == prefix + alias)
        }
    }

    @Test("An alias that is empty or only dots is refused as a decoding error", arguments: ["", ".", ".."])
    func dotAlias(alias: String) async throws {
        try await Self.withServer(.v1_0) { server, _ in
            let alice = try await login(server, "alice")
            try server.store.with { db in
                db.images[alias] = ImageRecord(
                    filename: alias, deleteToken: "t", ownerId: 2, contentType: "image/png", data: Data([1]), published: 0)
            }
            await #expect {
                _ = try await alice.uploadedImages()
            } throws: { error in
                (error as? ApiClientError)?.kind == .decoding
            }
        }
    }

    @Test("1.0: a cursor naming an image since deleted is a 404, an undecodable one Lemmy's unknown")
    func staleCursor() async throws {
        try await Self.withServer(.v1_0) { server, clock in
            let alice = try await login(server, "alice")
            _ = try await Self.upload(3, as: alice, clock: clock)
            let first = try await alice.uploadedImages(limit: 2)
            let next = try #require(first.next)
            try await alice.deleteImage(try #require(first.items.last))
            await #expect {
                _ = try await alice.uploadedImages(limit: 2, cursor: next)
            } throws: { error in
                (error as? ApiClientError)?.isNotFound == true
            }
            let login = ApiLogin(usernameOrEmail: "alice", password: "password")
            let token = try #require(try await LemmyRawClient(instanceURL: server.baseURL).send(LemmyV4.Login(login)).jwt)
            let raw = LemmyRawClient(instanceURL: server.baseURL, token: token)
            do {
                _ = try await raw.send(LemmyV4.ListMedia(ApiListMedia(pageCursor: "not-a-cursor")))
                Issue.record("an undecodable cursor was taken")
            } catch let error as LemmyClientError {
                guard case .server(let failure) = error else { throw error }
                #expect(failure.code == .unknown("unknown") || "\(failure.code)".contains("unknown"), "\(error)")
            }
        }
    }

    @Test("0.18 has no list of uploads: refused before sending; a guest is not logged in")
    func unavailable() async throws {
        try await Self.withServer(.v0_18) { server, _ in
            let alice = try await login(server, "alice")
            await #expect {
                _ = try await alice.uploadedImages()
            } throws: { error in
                (error as? ApiClientError)?.kind == .unavailableInVersion
            }
        }
        try await Self.withServer(.v0_19) { server, _ in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            await #expect(throws: ApiClientError.notLoggedIn) { _ = try await guest.uploadedImages() }
        }
    }
}
