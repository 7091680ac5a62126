import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import Testing
import HTTPTypes

@Suite("Image upload")
struct ImageUploadTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    static let pictrsOK = Data(#"{"msg":"ok","files":[{"file":"abc.png","delete_token":"del-1"}]}"#.utf8)

    /// The multipart body must hold one `images[]` part named image.jpg with the bytes.
    static func checkMultipart(_ request: LoadRequest) throws {
        let contentType = try #require(request.headerFields[.contentType])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = try #require(ClientTestSupport.body(of: request))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#"Content-Disposition: form-data; name="images[]"; filename="image.jpg""#))
        #expect(text.contains("Content-Type: image/jpeg"))
        #expect(body.range(of: png) != nil)
    }

    @Test("0.18: POST /pictrs/image with cookie jwt, no Authorization; url and delete_url filled")
    func v018() async throws {
        let mock = MockLoader()
        mock.respond(body: Self.pictrsOK)
        let client = ClientTestSupport.client("0.18.5", mock: mock)
        let response = try await client.uploadImage(Self.png)
        let request = try #require(mock.receivedRequests.first)
        #expect(request.method == .post && request.head.path == "/pictrs/image")
        #expect(request.headerFields[.cookie] == "jwt=\(ClientTestSupport.token)")
        #expect(request.headerFields[.authorization] == nil)
        try Self.checkMultipart(request)
        #expect(response.url == "https://lemmy.example/pictrs/image/abc.png")
        #expect(response.deleteUrl == "https://lemmy.example/pictrs/image/delete/del-1/abc.png")
    }

    @Test("0.19: POST /pictrs/image with Bearer, no cookie")
    func v019() async throws {
        let mock = MockLoader()
        mock.respond(body: Self.pictrsOK)
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        _ = try await client.uploadImage(Self.png)
        let request = try #require(mock.receivedRequests.first)
        #expect(request.head.path == "/pictrs/image")
        #expect(request.headerFields[.authorization] == "Bearer \(ClientTestSupport.token)")
        #expect(request.headerFields[.cookie] == nil)
        try Self.checkMultipart(request)
    }

    @Test(
        "1.0: the v4 upload endpoints",
        arguments: [
            (LemmyImageUploadTarget.image, "/api/v4/image"),
            (.userAvatar, "/api/v4/account/avatar"),
            (.userBanner, "/api/v4/account/banner"),
            (.communityIcon(12), "/api/v4/community/icon?id=12"),
            (.communityBanner(12), "/api/v4/community/banner?id=12"),
            (.siteIcon, "/api/v4/site/icon"),
            (.siteBanner, "/api/v4/site/banner"),
        ])
    func v10(_ target: LemmyImageUploadTarget, _ path: String) async throws {
        let mock = MockLoader()
        mock.respond(body: Data(#"{"image_url":"https://lemmy.example/api/v4/image/x.png","filename":"x.png"}"#.utf8))
        let client = ClientTestSupport.client("1.0.0", mock: mock)
        let response = try await client.uploadImage(Self.png, to: target)
        let request = try #require(mock.receivedRequests.first)
        #expect(request.method == .post && request.head.path == path)
        #expect(request.headerFields[.authorization] == "Bearer \(ClientTestSupport.token)")
        try Self.checkMultipart(request)
        #expect(response.filename == "x.png")
    }

    @Test("Avatar upload on 0.19 is refused before sending")
    func unsupportedTarget() async {
        let mock = MockLoader()
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        await #expect(throws: LemmyClientError.self) { _ = try await client.uploadImage(Self.png, to: .userAvatar) }
        #expect(mock.receivedRequests.isEmpty)
    }
}
