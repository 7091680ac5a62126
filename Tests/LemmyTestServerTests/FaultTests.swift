import Foundation
import LemmyAPI
import LemmyTestServer
import Synchronization
import Testing
import NIOHTTP1

/// Fault injection, in process and through `/__admin/faults`. No test waits on a wall clock.
@Suite("Fault injection")
struct FaultTests {
    @Test(arguments: LemmyDialect.allCases)
    func statusWithLemmyBody(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.status(code: 503, error: "temporarily_unavailable"), route: "/site", count: 1))
            let client = TestClient(server)
            let path = dialect.generation.pathPrefix + "/site"
            let failed = try await client.raw("GET", path: path)
            #expect(failed.status == 503)
            #expect(LemmyServerError.parse(body: failed.body, status: failed.status)?.code.code == "temporarily_unavailable")
            // `count: 1` is spent: the next call succeeds and decodes.
            #expect(try await client.site().version == dialect.versionString)
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func tooManyRequestsHasRetryAfter(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.tooManyRequests(retryAfterSeconds: 7)))
            let raw = try await TestClient(server).raw("GET", path: dialect.generation.pathPrefix + "/post/list")
            #expect(raw.status == 429)
            #expect(raw.headers["Retry-After"].first == "7")
            #expect(LemmyServerError.parse(body: raw.body, status: raw.status)?.isRateLimited == true)
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func lemmyRateLimitMatchesDialect(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.lemmyRateLimit))
            let raw = try await TestClient(server).raw("GET", path: dialect.generation.pathPrefix + "/site")
            #expect(raw.status == (dialect == .v1_0 ? 429 : 400))
            let error = try #require(LemmyServerError.parse(body: raw.body, status: raw.status))
            #expect(error.code == (dialect == .v1_0 ? .tooManyRequests : .rateLimitError))
        }
    }

    @Test func malformedJSONDoesNotDecode() async throws {
        try await withServer(.v0_19) { server in
            server.faults.add(FaultRule(.malformedJSON, route: "/post/list"))
            let client = TestClient(server)
            await #expect(throws: DecodingError.self) { try await client.posts(ApiGetPosts()) }
        }
    }

    @Test func truncatedBodyAndClosedConnectionFailTheRequest() async throws {
        try await withServer(.v0_19) { server in
            let client = TestClient(server)
            server.faults.add(FaultRule(.truncatedBody, route: "/post/list", count: 1))
            await #expect(throws: (any Error).self) { try await client.posts(ApiGetPosts()) }
            server.faults.clear()
            server.faults.add(FaultRule(.closeConnection, route: "/post/list", count: 1))
            await #expect(throws: (any Error).self) { try await client.posts(ApiGetPosts()) }
            // Spent: the server still answers.
            let count = try await client.posts(ApiGetPosts(limit: 3)).posts.count
            #expect(count == 3)
        }
    }

    @Test func latencyGoesThroughTheSleeper() async throws {
        let slept = Mutex<[Duration]>([])
        var configuration = LemmyTestServer.Configuration(dialect: .v1_0, scale: .tiny)
        configuration.sleeper = { duration in slept.withLock { $0.append(duration) } }
        let server = try await LemmyTestServer.start(configuration)
        server.faults.add(FaultRule(.latency(milliseconds: 1500), route: "/site"))
        let site = try await TestClient(server).site()
        await server.stop()
        #expect(site.version == LemmyDialect.v1_0.versionString)
        #expect(slept.withLock { $0 } == [.milliseconds(1500)])
    }

    /// A rate below 1 hits the same requests for the same seed.
    @Test func rateIsDeterministic() async throws {
        func pattern(seed: UInt64) async throws -> [Int] {
            try await withServer(.v0_19) { server in
                server.faults.add(FaultRule(.status(code: 500, error: "unknown"), route: "/site", rate: 0.5, seed: seed))
                var statuses: [Int] = []
                for _ in 0..<24 { statuses.append(try await TestClient(server).raw("GET", path: "/api/v3/site").status) }
                return statuses
            }
        }
        let a = try await pattern(seed: 7)
        let b = try await pattern(seed: 7)
        let c = try await pattern(seed: 8)
        #expect(a == b)
        #expect(a != c)
        #expect(a.contains(500) && a.contains(200))
    }

    @Test func adminEndpointAddsListsAndClears() async throws {
        try await withServer(.v0_18) { server in
            let client = TestClient(server)
            let rule = #"{"fault":{"status":{"code":418,"error":"teapot"}},"route":"/site","count":2}"#
            let added = try await client.raw("POST", path: "/__admin/faults", body: Data(rule.utf8))
            #expect(added.status == 200)
            #expect(try await client.raw("GET", path: "/api/v3/site").status == 418)
            let listing = try await client.raw("GET", path: "/__admin/faults")
            let object = try #require(try JSONSerialization.jsonObject(with: listing.body) as? [String: Any])
            #expect(object["fired"] as? [Int] == [1])
            #expect(try await client.raw("DELETE", path: "/__admin/faults").status == 200)
            #expect(try await client.raw("GET", path: "/api/v3/site").status == 200)
            #expect(try await client.raw("POST", path: "/__admin/faults", body: Data("{}".utf8)).status == 400)
        }
    }
}
