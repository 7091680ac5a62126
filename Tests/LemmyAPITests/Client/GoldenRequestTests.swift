import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import Testing
import HTTPTypes

@Suite("Golden requests: what the official client of each version sends")
struct GoldenRequestTests {
    @Test("Method, path, query, body and headers", arguments: GoldenCases.all)
    func golden(_ golden: GoldenCase) async throws {
        let mock = MockLoader()
        mock.respond(status: .ok, body: Data("{}".utf8))
        await golden.send(ClientTestSupport.client(golden.version, mock: mock))
        let request = try #require(mock.receivedRequests.first)
        #expect(mock.receivedRequests.count == 1)
        #expect(request.method.rawValue == golden.method)
        #expect(request.head.scheme == "https" && request.head.authority == "lemmy.example")
        #expect(ClientTestSupport.path(of: request) == golden.path)
        #expect(ClientTestSupport.queryPairs(of: request) == golden.query)
        #expect(request.head.path?.hasSuffix("?") == false, "no dangling ?")
        let body = ClientTestSupport.body(of: request)
        #expect(body.flatMap(ClientTestSupport.canonicalJSON) == golden.body.flatMap { ClientTestSupport.canonicalJSON(Data($0.utf8)) })
        #expect((body == nil) == (golden.body == nil))
        #expect(ClientTestSupport.headers(of: request) == golden.headers)
    }

    @Test("The table covers at least 40 endpoints across the three generations")
    func coverage() {
        let endpoints = Set(GoldenCases.all.map(\.endpoint))
        #expect(endpoints.count >= 40)
        #expect(Set(GoldenCases.all.map { LemmyServerVersion($0.version)!.generation }) == [.v3, .v4])
        #expect(GoldenCases.v018.count >= 10 && GoldenCases.v019.count >= 10 && GoldenCases.v10.count >= 15)
    }

    @Test("0.18: the token is only ever in auth, never in a header", arguments: GoldenCases.v018)
    func v018Auth(_ golden: GoldenCase) async throws {
        let mock = MockLoader()
        mock.respond(status: .ok, body: Data("{}".utf8))
        await golden.send(ClientTestSupport.client(golden.version, mock: mock))
        let request = try #require(mock.receivedRequests.first)
        let headers = ClientTestSupport.headers(of: request)
        #expect(headers["authorization"] == nil && headers["cookie"] == nil)
        #expect(!headers.values.contains { $0.contains(ClientTestSupport.token) })
    }

    @Test(
        "0.19 and 1.0: the token is only in Authorization, never in the URL or body",
        arguments: GoldenCases.v019 + GoldenCases.v019Late + GoldenCases.v10)
    func bearerOnly(_ golden: GoldenCase) async throws {
        let mock = MockLoader()
        mock.respond(status: .ok, body: Data("{}".utf8))
        await golden.send(ClientTestSupport.client(golden.version, mock: mock))
        let request = try #require(mock.receivedRequests.first)
        let target = request.head.path ?? ""
        #expect(!target.contains(ClientTestSupport.token) && !target.contains("caller-set-token") && !target.contains("auth="))
        let body = ClientTestSupport.body(of: request).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!body.contains(ClientTestSupport.token) && !body.contains("\"auth\""))
        #expect(ClientTestSupport.headers(of: request)["authorization"] == "Bearer \(ClientTestSupport.token)")
    }

    @Test("A guest sends no token anywhere, on every version")
    func guest() async throws {
        for version in ["0.18.5", "0.19.3", "1.0.0"] {
            let mock = MockLoader()
            mock.respond(status: .ok, body: Data("{}".utf8))
            let client = ClientTestSupport.client(version, mock: mock, token: nil)
            if version.hasPrefix("1.") {
                _ = try? await client.send(LemmyV4.GetPosts())
            } else {
                _ = try? await client.send(LemmyV3.GetPosts())
            }
            let request = try #require(mock.receivedRequests.first)
            #expect(ClientTestSupport.headers(of: request)["authorization"] == nil)
            #expect(!(request.head.path ?? "").contains("auth"))
        }
    }

    @Test("A v3 request to a 1.0 server fails before sending")
    func generationMismatch() async {
        let mock = MockLoader()
        let client = ClientTestSupport.client("1.0.0", mock: mock)
        await #expect {
            _ = try await client.send(LemmyV3.GetPosts())
        } throws: { error in
            guard case .generationMismatch(.v3, let server)? = error as? LemmyClientError else { return false }
            return server.generation == .v4
        }
        #expect(mock.receivedRequests.isEmpty)
    }
}
