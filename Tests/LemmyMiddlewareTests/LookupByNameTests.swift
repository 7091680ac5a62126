import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

@Suite("Lookup by name and saved credentials")
@MainActor
struct LookupByNameTests {
    @Test("getCommunity(name:) and getPerson(name:) return the same live models as by id", arguments: LemmyDialect.allCases)
    func lookup(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let community = try await client.getCommunity(name: "music")
            #expect(community.name == "music")
            #expect(try await client.getCommunity(id: community.id) === community)
            let bob = try await client.getPerson(name: "bob")
            #expect(bob.name == "bob")
            #expect(try await client.getPerson(id: bob.id) === bob)
            await #expect(throws: ApiClientError.self) { try await client.getCommunity(name: "no-such-community") }
        }
    }

    @Test("credentials of a login rebuild the same client; a guest has none", arguments: LemmyDialect.allCases)
    func credentials(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            #expect(ApiClient.getApiClient(for: server.baseURL, with: nil).credentials == nil)
            let alice = try await login(server, "alice")
            let saved = try #require(alice.credentials)
            #expect(saved.instanceURL == alice.baseURL)
            #expect(!saved.description.contains(saved.token))
            #expect(ApiClient.getApiClient(for: saved) === alice)
            try await alice.logout()
            #expect(alice.credentials == nil)
        }
    }
}
