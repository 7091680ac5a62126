public import LemmyTestServer

/// Starts a seeded ``LemmyTestServer`` of `dialect` (tiny, seed 1, unless told otherwise), runs
/// `body` on the caller's actor, and always stops the server, also when `body` throws.
///
/// The one way every suite starts a test server, so that none leaks a server (an unstructured
/// `defer { Task { await server.stop() } }` can outlive the test) and a fix reaches all suites.
public func withServer<T>(
    _ dialect: LemmyDialect, scale: SeedScale = .tiny, seed: UInt64 = 1,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LemmyTestServer) async throws -> T
) async throws -> T {
    try await withServer(LemmyTestServer.Configuration(dialect: dialect, scale: scale, seed: seed), isolation: isolation, body)
}

/// Starts a ``LemmyTestServer`` with `configuration` (fault rules, a sleeper, ...), runs `body` on
/// the caller's actor, and always stops the server, also when `body` throws.
public func withServer<T>(
    _ configuration: LemmyTestServer.Configuration,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LemmyTestServer) async throws -> T
) async throws -> T {
    let server = try await LemmyTestServer.start(configuration)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
