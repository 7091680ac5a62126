import Foundation
import LemmyAPI
@testable import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.linkPreview(for:)` over HTTP in each dialect, against pages on the test server's
/// simulated web, and the preview's checks of what a hostile server or page could send.
@Suite("Link previews") @MainActor
struct LinkPreviewTests {
    static let page = WebPage.article(
        title: "A long read", description: "What the article says.", image: "/lead.jpeg", video: "https://video.example/embed/9")

    @Test("A page's preview, with what each version adds", arguments: LemmyDialect.allCases)
    func preview(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            var page = Self.page
            page.body = Array(
                String(decoding: page.body, as: UTF8.self)
                    .replacingOccurrences(
                        of: "</head>",
                        with: "<meta property=\"og:image:width\" content=\"800\">\n"
                            + "<meta property=\"og:image:height\" content=\"600\">\n</head>"
                    ).utf8)
            server.publish(page, at: "https://news.example/2026/long-read")
            let alice = try await loggedIn(server)
            let preview = try await alice.linkPreview(for: URL(string: "https://news.example/2026/long-read")!)
            #expect(preview.title == "A long read" && preview.summary == "What the article says.")
            #expect(preview.imageURL == URL(string: "https://news.example/lead.jpeg"))
            #expect(preview.embedVideoURL == URL(string: "https://video.example/embed/9"))
            #expect(preview.imageSize == (dialect == .v1_0 ? PixelSize(width: 800, height: 600) : nil))
            // 0.18 sends no type; the parameters are dropped.
            #expect(preview.contentType == (dialect == .v0_18 ? nil : "text/html"))
            #expect(!preview.isImage && !preview.isEmpty)
        }
    }

    @Test("A post made with the link carries the same preview", arguments: LemmyDialect.allCases)
    func postWithLink(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            server.publish(Self.page, at: "https://news.example/read")
            let alice = try await loggedIn(server)
            let link = URL(string: "https://news.example/read")!
            let preview = try await alice.linkPreview(for: link)
            let post = try await alice.createPost(communityId: 1, title: preview.title ?? "", url: link)
            #expect(post.embedTitle == preview.title && post.embedDescription == preview.summary)
            #expect(post.embedVideoURL == preview.embedVideoURL)
            // The image is not on the web, so pict-rs cannot copy it: 0.19 and 1.0 fall back to its
            // URL, 0.18 has no thumbnail.
            #expect(post.thumbnailURL == (dialect == .v0_18 ? nil : preview.imageURL))
        }
    }

    @Test("A picture's link is an image post (0.19 and later)", arguments: [LemmyDialect.v0_19, .v1_0])
    func picture(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            server.publish(WebPage(contentType: "IMAGE/PNG", body: [0x89, 0x50, 0x4E, 0x47]), at: "https://cdn.example/cat")
            let preview = try await loggedIn(server).linkPreview(for: URL(string: "https://cdn.example/cat")!)
            #expect(preview.isImage && preview.isEmpty && preview.contentType == "image/png")
        }
    }

    @Test("Guests: 0.18 answers them; 0.19 and 1.0 need a login, checked before sending", arguments: LemmyDialect.allCases)
    func guests(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let loader = GatingLoader()
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let url = URL(string: "https://video.example/watch/4")!
            if dialect == .v0_18 {
                let preview = try await guest.linkPreview(for: url)
                #expect(preview.title == "Video 4")
            } else {
                do {
                    _ = try await guest.linkPreview(for: url)
                    Issue.record("a guest got a preview from \(dialect)")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .notLoggedIn)
                    #expect(!loader.requestedPaths.contains { $0.hasSuffix("/post/site_metadata") })
                }
            }
        }
    }

    @Test("Refusals: not a web link (nothing sent), an internal address, a page that cannot be fetched", arguments: LemmyDialect.allCases)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)) { server in
            let alice = try await loggedIn(server)
            for link in ["javascript:alert(1)", "file:///etc/passwd", "https:///no-host"] {
                do {
                    _ = try await alice.linkPreview(for: URL(string: link)!)
                    Issue.record("\(link) was sent")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .unsupported)
                }
            }
            let internalError = await failure { try await alice.linkPreview(for: URL(string: "http://localhost:8080/admin")!) }
            let unknownError = await failure { try await alice.linkPreview(for: URL(string: "https://nowhere.example/")!) }
            switch dialect {
            case .v0_18:
                // 0.18 tries it (nothing answers); its text/plain refusal is read as unknown with a message.
                #expect(internalError?.lemmyCode == .unknown("unknown"))
                #expect(internalError?.message?.hasSuffix("Connection refused (os error 111)") == true)
            case .v0_19:
                #expect(internalError?.lemmyCode == .invalidUrl)
                #expect(
                    unknownError?.lemmyCode == .unknown("unknown") && unknownError?.message?.contains("failed to lookup address") == true)
            case .v1_0:
                #expect(
                    internalError?.lemmyCode == .unknown("unknown")
                        && internalError?.message?.contains("points to local IP address") == true)
            }
            #expect(unknownError != nil)
        }
    }

    @Test("What a hostile answer could hold: links that are not web links, impossible sizes, media types that are not")
    func hostileAnswer() {
        var metadata = ApiLinkMetadata(
            contentType: "text/html\u{1B}[31m; charset=utf-8", title: "T\u{1B}]8;;evil\u{07}", image: "javascript:alert(1)",
            imageWidth: -5, imageHeight: 10, embedVideoUrl: "data:text/html,<script>", videoWidth: 70_000, videoHeight: 1)
        var preview = LinkPreview(metadata)
        #expect(preview.imageURL == nil && preview.embedVideoURL == nil)
        #expect(preview.imageSize == nil && preview.videoSize == nil)
        #expect(preview.contentType == nil)
        // The text stays as the page wrote it: the app sanitises for where it shows it.
        #expect(preview.title == "T\u{1B}]8;;evil\u{07}")
        metadata.title = " \n\u{A0}"
        #expect(LinkPreview(metadata).title == nil)
        metadata.contentType = String(repeating: "a", count: 128) + "/b"
        #expect(LinkPreview(metadata).contentType == nil)
        metadata.contentType = " Video/MP4 ; codecs=avc1"
        metadata.image = "HTTPS://cdn.example/x.png"
        preview = LinkPreview(metadata)
        #expect(preview.contentType == "video/mp4" && preview.imageURL?.host == "cdn.example")
    }

    private func loggedIn(_ server: LemmyTestServer) async throws -> ApiClient {
        try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: GatingLoader())
    }

    private func failure(_ body: () async throws -> LinkPreview) async -> ApiClientError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? ApiClientError
        }
    }
}
