import Foundation
import HTTPLoading
import HTTPLoadingAsyncHTTPClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import Testing

@Suite("Images: upload, attach, delete") @MainActor
struct ImageUploadMiddlewareTests {
    /// A 2×3 PNG (header enough for the server's sniffing; pict-rs would decode it).
    static let png: Data = {
        var bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
            0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0,
        ]
        bytes += Array(repeating: 0x42, count: 200)
        return Data(bytes)
    }()

    /// Runs `body` against a tiny server of `dialect` that accepts images up to `limit` bytes.
    static func withImageServer(
        _ dialect: LemmyDialect, limit: Int = 8 << 20,
        _ body: @MainActor (LemmyTestServer) async throws -> Void
    ) async throws {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.maximumImageUploadBytes = limit
        let server = try await LemmyTestServer.start(configuration)
        do {
            try await body(server)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    static func fetch(_ url: URL) async throws -> (Int, Data) {
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test("An upload reports progress, is served, goes into a post and a comment, and is deleted", arguments: LemmyDialect.allCases)
    func uploadAttachDelete(dialect: LemmyDialect) async throws {
        try await Self.withImageServer(dialect) { server in
            let alice = try await login(server, "alice")
            var steps: [ImageUploadProgress] = []
            let image = try await alice.uploadImage(data: Self.png, filename: "tiny.png", mimeType: "image/png") { steps.append($0) }
            #expect(steps.map(\.fractionCompleted) == [0, 1])
            #expect(steps.last?.totalBytes == Self.png.count)
            #expect(image.filename.hasSuffix(".png"))
            #expect((image.deleteToken != nil) == (dialect != .v1_0))
            #expect(image.url.lastPathComponent == image.filename)
            let (status, body) = try await Self.fetch(image.url)
            #expect(status == 200 && body == Self.png)

            let post = try await alice.createPost(communityId: 1, title: "A picture", url: image.url)
            #expect(post.linkURL == image.url)
            let comment = try await post.reply("Look: \(image.markdown(alt: "a [tiny] picture"))")
            #expect(comment.content.contains("![a \\[tiny\\] picture](\(image.url.absoluteString))"))

            try await alice.deleteImage(image)
            #expect(try await Self.fetch(image.url).0 == 404)
        }
    }

    @Test(
        "Deleting with a wrong token (0.18) or someone else's image (0.19.13, 1.0: the token is not checked) is refused",
        arguments: LemmyDialect.allCases)
    func deleteRefused(dialect: LemmyDialect) async throws {
        try await Self.withImageServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let image = try await alice.uploadImage(data: Self.png, mimeType: "image/png")
            do {
                if dialect == .v0_18 {
                    try await alice.deleteImage(UploadedImage(url: image.url, filename: image.filename, deleteToken: "wrong"))
                } else {
                    try await bob.deleteImage(image)
                }
                Issue.record("no error")
            } catch let error as ApiClientError {
                switch dialect {
                case .v0_18: #expect(error == .httpStatus(403))
                case .v0_19: #expect(error.isNotFound && lemmyCode(error) == "unknown", "\(error)")
                case .v1_0: #expect(lemmyCode(error) == "not_found")
                }
            }
            #expect(try await Self.fetch(image.url).0 == 200)
        }
    }

    @Test("Too large, not an image, and not logged in are refused with typed errors", arguments: LemmyDialect.allCases)
    func uploadRefused(dialect: LemmyDialect) async throws {
        try await Self.withImageServer(dialect, limit: 1024) { server in
            let alice = try await login(server, "alice")
            var steps: [ImageUploadProgress] = []
            let big = Self.png + Data(repeating: 0, count: 4096)
            do {
                _ = try await alice.uploadImage(data: big, mimeType: "image/png") { steps.append($0) }
                Issue.record("no error")
            } catch let error as ApiClientError {
                if dialect == .v1_0 {
                    #expect(lemmyCode(error) == "pictrs_invalid_image_upload")
                } else {
                    #expect(error == .httpStatus(413))
                }
            }
            // What went out before the refusal was reported, rising from 0; nothing after it.
            let sent = steps.map(\.bytesSent)
            #expect(sent.first == 0 && zip(sent, sent.dropFirst()).allSatisfy { $0 < $1 } && sent.allSatisfy { $0 <= big.count })
            do {
                _ = try await alice.uploadImage(data: Data("not an image".utf8), mimeType: "image/png")
                Issue.record("no error")
            } catch let error as ApiClientError {
                if dialect == .v1_0 {
                    #expect(lemmyCode(error) == "pictrs_invalid_image_upload")
                } else {
                    #expect(error == .httpStatus(400))
                }
            }
            do {
                _ = try await alice.asGuest().uploadImage(data: Self.png)
                Issue.record("no error")
            } catch let error as ApiClientError {
                #expect(error == .notLoggedIn)
            }
            // The server itself refuses an upload without a login.
            do {
                _ = try await LemmyRawClient(instanceURL: server.baseURL).uploadImage(Self.png)
                Issue.record("no error")
            } catch let error as LemmyClientError {
                switch (dialect, error) {
                case (.v0_18, .httpStatus(let status, _, _)): #expect(status == 401)
                case (.v0_19, .server(let failure)), (.v1_0, .server(let failure)):
                    #expect(failure.code == .notLoggedIn || failure.code == .incorrectLogin)
                default: Issue.record("unexpected \(error)")
                }
            }
        }
    }

    /// A PNG of 1 MiB and a bit: the transport sends it in many pieces.
    static let largePNG = png + Data(repeating: 0x42, count: (1 << 20) + 4_321)

    @Test(
        "A large upload reports rising progress as it is sent, ending at the image's size (AsyncHTTPClient: every 64 KiB)",
        arguments: LemmyDialect.allCases)
    func largeUploadProgress(dialect: LemmyDialect) async throws {
        try await Self.withImageServer(dialect) { server in
            // URLSession on Linux reports as often as FoundationNetworking's libcurl loop says it
            // sent (sometimes once for 1 MiB); AsyncHTTPClient reports each 64 KiB piece.
            for terminal in ["URLSession", "AsyncHTTPClient"] {
                let http = AsyncHTTPClientLoader()
                let alice = try await ApiClient.login(
                    to: server.baseURL, username: "alice", password: "password",
                    loader: terminal == "URLSession" ? URLSessionLoader() : http)
                var steps: [ImageUploadProgress] = []
                let image = try await alice.uploadImage(data: Self.largePNG, filename: "large.png", mimeType: "image/png") {
                    steps.append($0)
                }
                let sent = steps.map(\.bytesSent)
                #expect(sent.first == 0 && sent.last == Self.largePNG.count, "\(terminal): \(sent)")
                #expect(zip(sent, sent.dropFirst()).allSatisfy { $0 < $1 }, "\(terminal): \(sent)")
                #expect(steps.allSatisfy { $0.totalBytes == Self.largePNG.count })
                if terminal == "AsyncHTTPClient" { #expect(sent.count > Self.largePNG.count / (64 << 10), "\(sent)") }
                // Reports arrive before the call returns, none after.
                let count = steps.count
                try await alice.deleteImage(image)
                #expect(steps.count == count)
                try await http.shutdown()
            }
        }
    }

    @Test("A refused upload reports nothing after it threw", arguments: LemmyDialect.allCases)
    func refusedUploadProgress(dialect: LemmyDialect) async throws {
        try await Self.withImageServer(dialect, limit: 64 << 10) { server in
            let alice = try await login(server, "alice")
            var steps: [ImageUploadProgress] = []
            await #expect(throws: ApiClientError.self) {
                _ = try await alice.uploadImage(data: Self.largePNG, filename: "large.png", mimeType: "image/png") { steps.append($0) }
            }
            let count = steps.count
            #expect(steps.first?.bytesSent == 0)
            _ = try await alice.loadAccount()
            #expect(steps.count == count)
        }
    }
}
