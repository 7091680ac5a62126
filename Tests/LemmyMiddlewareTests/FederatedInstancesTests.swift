import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// GetFederatedInstances through the middleware: the peers as linked, allowed and blocked lists,
/// the same in each dialect although 1.0 pages one list per kind.
@Suite("Federated instances") @MainActor
struct FederatedInstancesTests {
    @Test("Every peer is linked; the instance itself is left out; guests may ask", arguments: LemmyDialect.allCases)
    func peers(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            let lists = try await guest.federatedInstances()
            #expect(lists.isComplete)
            #expect(Set(lists.linked.map(\.domain)) == Set(LemmyTestServer.peerDomains))
            #expect(lists.allowed.isEmpty)
            #expect(lists.blocked.isEmpty)
            for instance in lists.linked {
                #expect(instance.software == "lemmy")
                #expect(instance.version == dialect.versionString)
                #expect(instance.published != nil)
                #expect(instance.id != 1)
            }
        }
    }

    @Test("The admins' allow and block lists show", arguments: LemmyDialect.allCases)
    func allowAndBlock(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureFederation(allowed: ["remote.example"], blocked: ["other.example"])
            let alice = try await login(server, "alice")
            let lists = try await alice.federatedInstances()
            #expect(lists.linked.map(\.domain) == ["remote.example"])
            #expect(lists.allowed.map(\.domain) == ["remote.example"])
            #expect(lists.blocked.map(\.domain) == ["other.example"])
            #expect(lists.allowed.first?.id == lists.linked.first?.id)
        }
    }
}
