import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import LemmyAPI
import Testing

@Suite("Server version detection")
struct VersionDetectionTests {
    static func site(_ version: String) -> Data { Data(#"{"site_view":{},"admins":[],"version":"\#(version)"}"#.utf8) }

    @Test("Version strings: generation, auth placement and query style")
    func parsing() throws {
        let v018 = try #require(LemmyServerVersion("0.18.5"))
        #expect(v018.generation == .v3 && v018.usesAuthField && v018.queryStyle == .omitFalsy && v018.isSupported)
        let v0190 = try #require(LemmyServerVersion("0.19.0"))
        #expect(!v0190.usesAuthField && v0190.queryStyle == .omitFalsy)
        #expect(LemmyServerVersion("0.19.8")?.queryStyle == .omitFalsy)
        #expect(LemmyServerVersion("0.19.9")?.queryStyle == .omitNil)
        let beta = try #require(LemmyServerVersion("1.0.0-beta.1"))
        #expect(beta.generation == .v4 && beta.prerelease == "beta.1" && beta.queryStyle == .omitNil)
        #expect(LemmyServerVersion("v0.19.3")?.minor == 19)
        #expect(LemmyServerVersion("0.17.4")?.isSupported == false)
        #expect(LemmyServerVersion("unknown") == nil && LemmyServerVersion("") == nil)
        #expect(try #require(LemmyServerVersion("1.0.0-beta.1")) < #require(LemmyServerVersion("1.0.0")))
        #expect(LemmyServerVersion("0.20.0-alpha.1", answeredGeneration: .v4)?.generation == .v4)
    }

    @Test("0.18/0.19: one GET /api/v3/site without a token; the version is then available synchronously")
    func v3() async throws {
        let mock = MockLoader()
        mock.respond(body: Self.site("0.19.3"))
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, token: ClientTestSupport.token, loader: mock)
        #expect(client.knownServerVersion == nil)
        let version = try await client.serverVersion()
        #expect(version.rawValue == "0.19.3" && version.generation == .v3)
        #expect(client.knownServerVersion == version)
        #expect(try await client.serverVersion() == version)
        let requests = mock.receivedRequests
        #expect(requests.count == 1)
        #expect(requests.first?.head.path == "/api/v3/site")
        #expect(requests.first?.headerFields[.authorization] == nil)
    }

    @Test("1.0 answering the v3 compatibility API: its version selects v4 without a second request")
    func v10ViaV3() async throws {
        let mock = MockLoader()
        mock.respond(body: Self.site("1.0.0"))
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        #expect(try await client.serverVersion().generation == .v4)
        #expect(mock.receivedRequests.count == 1)
    }

    @Test("1.0 without v3: 404 on /api/v3/site, then /api/v4/site")
    func v10() async throws {
        let mock = MockLoader()
        mock.respond(status: .notFound, body: Data(#"{"error":"not_found"}"#.utf8))
        mock.respond(body: Self.site("1.0.0-beta.1"))
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        let version = try await client.serverVersion()
        #expect(version.generation == .v4 && version.prerelease == "beta.1")
        #expect(mock.receivedRequests.map { $0.head.path } == ["/api/v3/site", "/api/v4/site"])
    }

    @Test("Concurrent callers share ONE GetSite")
    func sharedDetection() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: Self.site("0.19.5"), after: gate)
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        try await withThrowingTaskGroup(of: LemmyServerVersion.self) { group in
            for _ in 0..<8 { group.addTask { try await client.serverVersion() } }
            await gate.waitForArrivals(1)
            #expect(client.knownServerVersion == nil)
            gate.open()
            var versions: [LemmyServerVersion] = []
            for try await version in group { versions.append(version) }
            #expect(versions.count == 8 && Set(versions.map(\.rawValue)) == ["0.19.5"])
        }
        #expect(mock.receivedRequests.count == 1)
        #expect(mock.unexpectedRequests.isEmpty)
    }

    @Test("A cancelled caller leaves; the shared detection goes on for the others")
    func cancelledCaller() async throws {
        let mock = MockLoader()
        let gate = MockGate()
        mock.respond(body: Self.site("0.19.5"), after: gate)
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        let leaving = Task { try await client.serverVersion() }
        let staying = Task { try await client.serverVersion() }
        await gate.waitForArrivals(1)
        leaving.cancel()
        let leftWith = await leaving.result
        #expect(throws: LemmyClientError.self) { try leftWith.get() }
        if case .failure(let error as LemmyClientError) = leftWith { #expect(error.isCancellation) }
        gate.open()
        #expect(try await staying.value.rawValue == "0.19.5")
        #expect(mock.receivedRequests.count == 1)
    }

    @Test("A failed detection is not remembered; the next call tries again")
    func failureNotCached() async throws {
        let mock = MockLoader()
        mock.fail(with: .cannotConnect)
        mock.respond(body: Self.site("0.18.5"))
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        await #expect {
            _ = try await client.serverVersion()
        } throws: { error in
            guard case .transport(let load)? = error as? LemmyClientError else { return false }
            return load.code == .cannotConnect
        }
        #expect(client.knownServerVersion == nil)
        #expect(try await client.serverVersion().usesAuthField)
    }

    @Test("Not Lemmy, or too old: unsupportedServer")
    func unsupported() async {
        let mock = MockLoader()
        mock.respond(status: .notFound, body: Data("<html>nope</html>".utf8))
        mock.respond(status: .notFound)
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: mock)
        await #expect {
            _ = try await client.serverVersion()
        } throws: { error in
            guard case .unsupportedServer(nil, _)? = error as? LemmyClientError else { return false }
            return true
        }
        let old = MockLoader()
        old.respond(body: Self.site("0.17.4"))
        let oldClient = LemmyRawClient(instanceURL: ClientTestSupport.instance, loader: old)
        await #expect {
            _ = try await oldClient.serverVersion()
        } throws: { error in
            guard case .unsupportedServer("0.17.4", _)? = error as? LemmyClientError else { return false }
            return true
        }
    }

    @Test("send() detects first, then sends in that version's format")
    func sendDetects() async throws {
        let mock = MockLoader()
        mock.respond(body: Self.site("0.18.5"))
        mock.respond(body: Data(#"{"post_view":null}"#.utf8)) { request in
            #expect(request.head.path == "/api/v3/post/save" || request.pathWithoutQuery == "/api/v3/post/save")
        }
        let client = LemmyRawClient(instanceURL: ClientTestSupport.instance, token: ClientTestSupport.token, loader: mock)
        _ = try? await client.send(LemmyV3.SavePost(ApiSavePost(postId: 1, save: true)))
        let sent = try #require(mock.receivedRequests.last)
        #expect(sent.headerFields[.authorization] == nil)
        let body = try #require(ClientTestSupport.body(of: sent))
        #expect(String(decoding: body, as: UTF8.self).contains(#""auth":"\#(ClientTestSupport.token)""#))
    }
}
