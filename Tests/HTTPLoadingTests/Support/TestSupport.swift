import Locking
import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import Logging

/// Absolute test request for `path` on an https test host.
func makeRequest(_ method: HTTPRequest.Method = .get, _ path: String = "/thing", id: String? = nil) -> LoadRequest {
    var request = LoadRequest(method: method, url: URL(string: "https://example.test\(path)")!)
    if let id { request.headerFields[HTTPField.Name("X-Test-ID")!] = id }
    return request
}

extension LoadRequest {
    /// The `X-Test-ID` header of a test request.
    var testId: String? { headerFields[HTTPField.Name("X-Test-ID")!] }
}

/// Spins (yielding, not sleeping) until `condition` holds; fails loudly after many turns.
func eventually(_ condition: @Sendable () -> Bool, turns: Int = 100_000) async -> Bool {
    for _ in 0..<turns {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// A clock whose sleeps return at once (or wait at a gate) and are recorded, for retry tests.
final class RecordingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Locked<(now: Duration, sleeps: [Duration])>((.zero, []))
    let gate: MockGate?

    init(holdingSleepsAt gate: MockGate? = nil) { self.gate = gate }

    var now: Instant { Instant(offset: state.withLock { $0.now }) }
    var minimumResolution: Duration { .zero }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        state.withLock { state in
            state.sleeps.append(deadline.offset - state.now)
            state.now = max(state.now, deadline.offset)
        }
        try await gate?.wait()
        try Task.checkCancellation()
    }
}

/// A log handler that keeps every message, to assert on what a loader logs.
struct CapturingLogHandler: LogHandler {
    final class Store: Sendable {
        let lines = Locked<[(Logger.Level, String)]>([])
        var messages: [String] { lines.withLock { $0.map(\.1) } }
    }

    let store: Store
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.lines.withLock { $0.append((event.level, event.message.description)) }
    }

    static func logger(level: Logger.Level) -> (Logger, Store) {
        let store = Store()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(store: store, logLevel: level) }
        return (logger, store)
    }
}

/// A token provider with a scripted refresh, counting calls.
final class ScriptedTokenProvider: AccessTokenProvider {
    let refreshGate: MockGate?
    let refreshFails: Bool
    private let calls = Locked(0)
    private let current: Locked<String?>

    init(initial: String?, refreshGate: MockGate? = nil, refreshFails: Bool = false) {
        self.current = Locked(initial)
        self.refreshGate = refreshGate
        self.refreshFails = refreshFails
    }

    var refreshCount: Int { calls.withLock { $0 } }

    /// Changes the token `currentToken()` gives from now on (as a sign-in would).
    func setCurrent(_ token: String?) { current.withLock { $0 = token } }

    func currentToken() async throws -> String? { current.withLock { $0 } }

    func refreshedToken(replacing rejected: String) async throws -> String {
        calls.withLock { $0 += 1 }
        try await refreshGate?.wait()
        if refreshFails { throw RefreshFailed() }
        return "new"
    }

    struct RefreshFailed: Error {}
}
