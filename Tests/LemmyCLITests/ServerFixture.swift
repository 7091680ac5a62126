import LemmyTestServer

/// Starts a tiny seeded server, runs `body`, and always stops the server.
func withServer<T: Sendable>(_ dialect: LemmyDialect, _ body: (LemmyTestServer) async throws -> T) async throws -> T {
    let server = try await LemmyTestServer.start(dialect: dialect, scale: .tiny, seed: 1)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Runs `body` on the main actor, where `ApiClient` lives, and hands back its (Sendable) result.
@MainActor
func onMain<T: Sendable>(_ body: @MainActor () async throws -> T) async rethrows -> T {
    try await body()
}
