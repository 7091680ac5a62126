import LemmyTestServer

/// Starts a server, runs `body`, and always stops the server.
func withServer<T: Sendable>(_ dialect: LemmyDialect, scale: SeedScale = .tiny, seed: UInt64 = 1,
                             _ body: (LemmyTestServer) async throws -> T) async throws -> T {
    let server = try await LemmyTestServer.start(dialect: dialect, scale: scale, seed: seed)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
