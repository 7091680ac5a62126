public import Foundation
public import LemmyTestServer
import Synchronization

/// A test server's clock that moves only when told, so that "newer" and "within the last hour"
/// do not depend on how fast the test runs.
public final class ManualServerClock: Sendable {
    private let now = Mutex(Date())

    /// A clock at the present moment.
    public init() {}

    /// The clock's time.
    public var date: Date { now.withLock { $0 } }

    /// Moves the clock on by `seconds`.
    public func move(by seconds: TimeInterval) { now.withLock { $0 += seconds } }

    /// Runs `body` with a server of `dialect` (tiny unless told) on this clock, on the caller's
    /// actor.
    public func withServer(
        _ dialect: LemmyDialect, scale: SeedScale = .tiny, isolation: isolated (any Actor)? = #isolation,
        _ body: (LemmyTestServer) async throws -> Void
    ) async throws {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: scale)
        configuration.clock = { self.date }
        try await LemmyTestSupport.withServer(configuration, isolation: isolation, body)
    }
}
