import LemmyTestServer

/// Runs `body` on the main actor, where `ApiClient` lives, and hands back its (Sendable) result.
@MainActor
func onMain<T: Sendable>(_ body: @MainActor () async throws -> T) async rethrows -> T {
    try await body()
}
