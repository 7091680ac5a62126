import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import LemmyAPI
import Testing
import Locking

/// A chain for tests: the default terminal with no retries, and gates that hold back the response to the
/// next request whose path ends with a given suffix (the server has already applied it).
final class GatingLoader: HTTPLoader {
    private let next = LemmyRawClient.defaultTerminal()
    private let gates = Locked<[(suffix: String, gate: MockGate)]>([])
    private let requestGates = Locked<[(suffix: String, gate: MockGate)]>([])
    private let paths = Locked<[String]>([])

    /// Holds back the response to the next request to `suffix` until the returned gate opens.
    func gate(_ suffix: String) -> MockGate {
        let gate = MockGate()
        gates.withLock { $0.append((suffix, gate)) }
        return gate
    }

    /// Holds back the next request to `suffix` before it is sent, until the returned gate opens:
    /// the server then handles requests sent later first.
    func holdRequest(_ suffix: String) -> MockGate {
        let gate = MockGate()
        requestGates.withLock { $0.append((suffix, gate)) }
        return gate
    }

    /// Paths requested so far, in order.
    var requestedPaths: [String] { paths.withLock { $0 } }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let path = request.pathWithoutQuery
        paths.withLock { $0.append(path) }
        if let held = Self.take(path, from: requestGates) { try? await held.wait() }
        let gate = Self.take(path, from: gates)
        let response = try await next.load(request)
        if let gate { try? await gate.wait() }
        return response
    }

    func reset(in context: ResetContext) async {
        await next.reset(in: context)
    }

    /// Removes and returns the first gate in `gates` for a suffix of `path`.
    private static func take(_ path: String, from gates: Locked<[(suffix: String, gate: MockGate)]>) -> MockGate? {
        gates.withLock { list -> MockGate? in
            guard let index = list.firstIndex(where: { path.hasSuffix($0.suffix) }) else { return nil }
            return list.remove(at: index).gate
        }
    }
}

/// Logs `user` in (password `password`) through a fresh ``GatingLoader``.
@MainActor
func login(_ server: LemmyTestServer, _ user: String, loader: GatingLoader = GatingLoader()) async throws -> ApiClient {
    try await ApiClient.login(to: server.baseURL, username: user, password: "password", loader: loader)
}

/// Appoints `personId` a moderator of `communityId`, as the admin, outside any ApiClient (the
/// tests use it to change a list behind a client's back).
func appointModerator(_ server: LemmyTestServer, personId: Int, communityId: Int) async throws {
    let guest = LemmyRawClient(instanceURL: server.baseURL)
    let login = ApiLogin(usernameOrEmail: "admin", password: "password")
    let form = ApiAddModToCommunity(communityId: communityId, personId: personId, added: true)
    if server.dialect == .v1_0 {
        let token = try #require(try await guest.send(LemmyV4.Login(login)).jwt)
        _ = try await LemmyRawClient(instanceURL: server.baseURL, token: token).send(LemmyV4.AddModToCommunity(form))
    } else {
        let token = try #require(try await guest.send(LemmyV3.Login(login)).jwt)
        _ = try await LemmyRawClient(instanceURL: server.baseURL, token: token).send(LemmyV3.AddModToCommunity(form))
    }
}

/// Expects `action` on alice's client of a 0.19 server to fail with
/// ``ApiClientError/Kind/unavailableInVersion`` without sending a request (the client has read
/// the version first): what every 1.0-only call does on an older server.
@MainActor
func expectNothingSentBefore10(
    sourceLocation: SourceLocation = #_sourceLocation, _ action: (ApiClient) async throws -> Void
) async throws {
    try await withServer(.v0_19) { server in
        let loader = GatingLoader()
        let alice = try await login(server, "alice", loader: loader)
        _ = try await alice.getSite()
        let sent = loader.requestedPaths.count
        let error = await #expect(throws: ApiClientError.self, sourceLocation: sourceLocation) { try await action(alice) }
        #expect(error?.kind == .unavailableInVersion && loader.requestedPaths.count == sent, sourceLocation: sourceLocation)
    }
}
