import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

@Suite("Site models: stub, upgrade, AnySite")
@MainActor
struct SiteModelTests {
    @Test("SiteStub of the client's own instance upgrades to the live Site3 that getSite returns", arguments: LemmyDialect.allCases)
    func stub(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let upgraded = try await SiteStub(api: client, actorId: server.baseURL.appendingPathComponent("/")).upgrade()
            let site3 = try #require(upgraded as? Site3)
            #expect(try await client.getSite() === site3)
            #expect(site3.version.isEmpty == false)
        }
    }

    @Test("SiteStub of another instance reads it through a guest client for that instance")
    func remoteStub() async throws {
        try await withServer(.v0_19) { home in
            try await withServer(.v1_0) { other in
                let client = ApiClient.getApiClient(for: home.baseURL, with: nil)
                let site = try await SiteStub(api: client, actorId: other.baseURL).upgrade()
                #expect(site.api.baseURL.port == other.baseURL.port)
                #expect(site.api !== client)
                #expect((site as? Site3)?.version.hasPrefix("1.") == true)
            }
        }
    }

    @Test("A stub whose address has no host fails typed before any request")
    func badStub() async throws {
        try await withServer(.v0_19) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let error = await #expect(throws: ApiClientError.self) {
                _ = try await SiteStub(api: client, actorId: URL(string: "urn:lemmy")!).upgrade()
            }
            #expect(error?.description.contains("host") == true)
        }
    }

    @Test("upgrade() and AnySite go from a lower tier to the same Site3", arguments: LemmyDialect.allCases)
    func anySite(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let site3 = try await client.getSite()
            #expect(try await site3.upgrade() === site3)
            #expect(try await site3.site1.upgrade() === site3)
            let any = AnySite(site3.site2)
            try await any.upgrade()
            #expect(any.wrappedValue === site3)
            let viaStub = try await AnySite.upgrading(SiteStub(api: client, actorId: server.baseURL))
            #expect(viaStub.wrappedValue === site3)
        }
    }
}
